package com.example.shop.cart.carts;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Refusal;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.CartProblems;
import com.example.shop.cart.CartSeam;
import com.example.shop.cart.catalog.Catalog;
import com.example.shop.cart.catalog.ProductSnapshot;
import com.example.shop.cart.inventory.Move;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.concurrency.Attempts;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * POST /carts/{id}/items: add {@code qty} units of a sku, growing its line if present. Checks come
 * first (the cart active, the catalog's snapshot, the limits); then the units are reserved
 * ({@link Reservations#reserve}) before the cart claims them in one guarded update, so a line never
 * claims units that are not reserved. A cart no longer active gets its units back and a 409. The
 * claim's update is the one the read of the cart calls for. See docs/design.md, Stock moves.
 */
@Singleton
public record AddToCart(CartsStore store, GetCart getCart, Catalog catalog, Reservations reservations,
        CartMetrics metrics, Seams seams, CartConfig config, Attempts attempts) {

    public CartView add(String cartId, String sku, int qty) {
        LineLimits.requireWithinServiceLimit(qty, config);
        StoredCart cart = getCart.require(cartId);
        cart.requireActive();
        StoredCart.Item existing = cart.item(sku);
        if (existing == null && cart.items().size() >= config.limits().maxLines()) {
            metrics.refused(Refusal.TOO_MANY_LINES);
            throw CartProblems.tooManyLines(config.limits().maxLines());
        }
        ProductSnapshot product = catalog.product(sku);
        int maxLine = LineLimits.of(product, config);
        if ((existing == null ? 0 : existing.qty()) + qty > maxLine) {
            metrics.refused(Refusal.LINE_LIMIT);
            throw CartProblems.lineLimit(sku, maxLine);
        }
        String currency = cart.currency();
        if (currency != null && !currency.equals(product.currency())) {
            throw CartProblems.currencyMismatch(currency, product.currency());
        }

        Move reserved = reservations.reserve(sku, cartId, qty);
        seams.reached(CartSeam.AFTER_RESERVE);

        StoredCart claimed;
        try {
            claimed = claim(cartId, sku, qty, product, maxLine, existing != null);
        } catch (ProblemException refused) {
            reservations.release(sku, cartId, qty, Return.COMPENSATION);
            metrics.compensated();
            reservations.settle(reserved);
            throw refused;
        }
        reservations.settle(reserved);
        return CartView.of(claimed);
    }

    /** Adds the units to the cart's line of this sku (made if absent); returns the cart as written. */
    private StoredCart claim(String cartId, String sku, int qty, ProductSnapshot product, int maxLine, boolean lineExpected) {
        // which update to try first: the one that fits what the last read of the cart showed
        AtomicBoolean lineThere = new AtomicBoolean(lineExpected);
        return attempts.untilDone(() -> {
            Date now = new Date();
            StoredCart written = lineThere.get() ? growLine(cartId, sku, qty, maxLine, now) : pushLine(cartId, sku, qty, product, now);
            if (written == null) {
                written = lineThere.get() ? pushLine(cartId, sku, qty, product, now) : growLine(cartId, sku, qty, maxLine, now);
            }
            if (written != null) {
                return Optional.of(written);
            }
            // the line appeared or disappeared concurrently, or the cart is no longer active: look again
            StoredCart cart = getCart.require(cartId);
            cart.requireActive();
            StoredCart.Item current = cart.item(sku);
            if (current != null && current.qty() + qty > maxLine) {
                metrics.refused(Refusal.LINE_LIMIT);
                throw CartProblems.lineLimit(sku, maxLine);
            }
            lineThere.set(current != null);
            return Optional.empty();
        });
    }

    private StoredCart growLine(String cartId, String sku, int qty, int maxLine, Date now) {
        return store.growLine(cartId, sku, qty, maxLine, now);
    }

    private StoredCart pushLine(String cartId, String sku, int qty, ProductSnapshot product, Date now) {
        StoredCart.Item line = new StoredCart.Item(sku, qty, false,
                new StoredCart.Details(product.title(), product.type(), product.unitPrice(), product.currency()));
        return store.pushLine(cartId, line, now);
    }
}

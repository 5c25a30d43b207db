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
import java.util.concurrent.atomic.AtomicReference;

/**
 * POST /carts/{id}/items: add {@code qty} units of a sku, growing its line if present. Checks come
 * first (the cart active, the catalog's snapshot, the limits); then the units are reserved
 * ({@link Reservations#reserve}) before the cart claims them in one guarded update, so a line never
 * claims units that are not reserved. A cart no longer active gets its units back and a 409. The
 * claim's update is the one the read of the cart calls for. A retired variant is refused (409
 * variant-retired). See docs/design.md, Stock moves and Variants.
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
        if (product.retired()) {
            throw CartProblems.variantRetired(sku);
        }
        LineLimits limits = LineLimits.of(product, cart, config);
        if (!limits.allows((existing == null ? 0 : existing.qty()) + qty)) {
            metrics.refused(Refusal.LINE_LIMIT);
            throw limits.refusal();
        }
        String currency = cart.currency();
        if (currency != null && !currency.equals(product.currency())) {
            throw CartProblems.currencyMismatch(currency, product.currency());
        }

        Move reserved = reservations.reserve(sku, cartId, qty);
        seams.reached(CartSeam.AFTER_RESERVE);

        StoredCart claimed;
        try {
            claimed = claim(cartId, sku, qty, product, cart, limits, existing != null);
        } catch (ProblemException refused) {
            reservations.release(sku, cartId, qty, Return.COMPENSATION);
            metrics.compensated();
            reservations.settle(reserved);
            throw refused;
        }
        reservations.settle(reserved);
        return CartView.of(claimed);
    }

    /**
     * Adds the units to the cart's line of this sku (made if absent); returns the cart as written.
     * Under a per-product limit each write is guarded on the version of the cart the limit was
     * counted from, and a cart that changed meanwhile is counted again.
     */
    private StoredCart claim(String cartId, String sku, int qty, ProductSnapshot product, StoredCart read, LineLimits readLimits,
            boolean lineExpected) {
        // which update to try first: the one that fits what the last read of the cart showed
        AtomicBoolean lineThere = new AtomicBoolean(lineExpected);
        AtomicReference<LineLimits> limits = new AtomicReference<>(readLimits);
        AtomicReference<Long> version = new AtomicReference<>(readLimits.guard(read));
        return attempts.untilDone(() -> {
            Date now = new Date();
            int maxLine = limits.get().maxLine();
            StoredCart written = lineThere.get() ? store.growLine(cartId, sku, qty, maxLine, version.get(), now)
                    : pushLine(cartId, sku, qty, product, version.get(), now);
            if (written == null) {
                written = lineThere.get() ? pushLine(cartId, sku, qty, product, version.get(), now)
                        : store.growLine(cartId, sku, qty, maxLine, version.get(), now);
            }
            if (written != null) {
                return Optional.of(written);
            }
            // the line appeared or disappeared concurrently, or the cart is no longer active (or changed): look again
            StoredCart cart = getCart.require(cartId);
            cart.requireActive();
            StoredCart.Item current = cart.item(sku);
            LineLimits counted = LineLimits.of(product, cart, config);
            if (!counted.allows((current == null ? 0 : current.qty()) + (long) qty)) {
                metrics.refused(Refusal.LINE_LIMIT);
                throw counted.refusal();
            }
            lineThere.set(current != null);
            limits.set(counted);
            version.set(counted.guard(cart));
            return Optional.empty();
        });
    }

    private StoredCart pushLine(String cartId, String sku, int qty, ProductSnapshot product, Long version, Date now) {
        StoredCart.Item line = new StoredCart.Item(sku, qty, false, new StoredCart.Details(product.title(), product.type(),
                product.unitPrice(), product.currency(), product.product(), product.options()));
        return store.pushLine(cartId, line, version, now);
    }
}

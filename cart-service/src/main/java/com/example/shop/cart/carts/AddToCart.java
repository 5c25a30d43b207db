package com.example.shop.cart.carts;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Refusal;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.CartProblems;
import com.example.shop.cart.CrashPoints.CrashPoint;
import com.example.shop.cart.catalog.Catalog;
import com.example.shop.cart.catalog.ProductSnapshot;
import com.example.shop.cart.CrashPoints;
import com.example.shop.cart.inventory.Move;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.problems.ProblemException;
import com.example.shop.web.concurrency.Attempts;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * POST /carts/{id}/items: add {@code qty} units of a sku, growing its line if present.
 * <ol>
 * <li>Checks (no writes): the cart exists and is active; the catalog knows the sku (its snapshot
 * is fetched now, or taken from a cache a few seconds old, so a catalog outage is a 503 before
 * anything is reserved).</li>
 * <li><b>Reserve first</b>: {@link Reservations#reserve} journals the move, takes the units from
 * available stock in one update guarded by {@code qty >= n} (409 insufficient-inventory otherwise)
 * and adds them to the cart's reservation.</li>
 * <li><b>Then claim</b>: one update of the cart guarded by {@code status: active} increments the
 * existing line ({@code items.sku: sku}) or pushes a new one ({@code items.sku: {$ne: sku}}), so
 * two concurrent adds of a sku never make two lines. It returns the cart as written, which is
 * the answer.</li>
 * <li><b>Compensation</b>: if the cart is no longer active (checkout or expiry won the race), the
 * units are returned from the cart's reservation and the answer is 409 cart-inactive.</li>
 * <li><b>Settle</b> the move (its marks and journal entry go, after the answer).</li>
 * </ol>
 * Reserving before claiming means a cart line never claims units that are not reserved; a crash
 * between the two leaves an over-reservation, journalled, that the cleanup job returns.
 *
 * <p>The claim's guarded update is chosen by what the read of the cart showed (a line of this sku
 * or not), so the usual add is five commands: read the cart, journal, take, hold, claim.
 */
@Singleton
public record AddToCart(CartsStore store, GetCart getCart, Catalog catalog, Reservations reservations,
        CartMetrics metrics, CrashPoints crashPoints, CartConfig config, Attempts attempts) {

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
        crashPoints.reached(CrashPoint.AFTER_RESERVE);

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

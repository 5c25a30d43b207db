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
import com.example.shop.web.concurrency.Attempts;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

/**
 * PUT /carts/{id}/items/{sku} and DELETE: set a line's quantity, reserving or returning only the
 * difference. The cart write is a compare-and-set on the line's observed quantity (a lost race is
 * retried): an increase reserves before it claims (and returns the units if the claim fails), a
 * decrease journals the return, lets the cart go of the units, then returns them. Both answer the
 * cart as written; the moves settle after. An increase of a retired variant is refused (409
 * variant-retired) and one under a per-product limit is also guarded on the cart's version
 * ({@link LineLimits}); a decrease always goes through. See docs/design.md, Stock moves.
 */
@Singleton
public record ChangeLine(CartsStore store, GetCart getCart, Reservations reservations, CartMetrics metrics,
        Seams seams, Catalog catalog, CartConfig config, Attempts attempts) {

    public CartView change(String cartId, String sku, int qty) {
        LineLimits.requireWithinServiceLimit(qty, config);
        return attempts.untilDone(() -> attempt(cartId, sku, qty));
    }

    /** One read of the cart and its guarded writes; empty when the line or the cart's status changed meanwhile. */
    private Optional<CartView> attempt(String cartId, String sku, int qty) {
        StoredCart cart = getCart.require(cartId);
        cart.requireActive();
        StoredCart.Item line = cart.item(sku);
        if (line == null) {
            throw CartProblems.noSuchLine(sku);
        }
        long held = line.qty();
        if (qty == held) {
            return Optional.of(CartView.of(cart));
        }
        Date now = new Date();
        if (qty > held) {
            ProductSnapshot product = catalog.product(sku);
            if (product.retired()) {
                throw CartProblems.variantRetired(sku);
            }
            LineLimits limits = LineLimits.of(product, cart, config);
            if (!limits.allows(qty)) {
                metrics.refused(Refusal.LINE_LIMIT);
                throw limits.refusal();
            }
            int more = (int) (qty - held);
            Move reserved = reservations.reserve(sku, cartId, more);
            seams.reached(CartSeam.AFTER_RESERVE);
            StoredCart claimed = store.setLine(cartId, sku, line.qty(), qty, limits.guard(cart), now);
            if (claimed == null) {
                reservations.release(sku, cartId, more, Return.COMPENSATION);
                metrics.compensated();
            }
            reservations.settle(reserved);
            return claimed == null ? Optional.empty() : Optional.of(CartView.of(claimed));
        }
        Move release = reservations.beginRelease(sku, cartId, held - qty);
        StoredCart unclaimed = qty == 0 ? store.removeLine(cartId, sku, line.qty(), now) : store.setLine(cartId, sku, line.qty(), qty, null, now);
        if (unclaimed == null) {
            reservations.abandon(release);
            return Optional.empty();
        }
        seams.reached(CartSeam.AFTER_CART_RELEASE);
        reservations.finishRelease(release, Return.RELEASE);
        reservations.settle(release);
        return Optional.of(CartView.of(unclaimed));
    }
}

package com.example.shop.cart.carts;

import com.example.shop.cart.inventory.Claims;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * What a cart still claims of its reservation of a sku, for the inventory cleanup (one read of
 * the cart):
 * <ul>
 * <li>nothing if the cart is missing, expired, or complete and settled;</li>
 * <li>its line's qty (0 without a line) if it is active <em>and</em> itself untouched since the
 * cutoff;</li>
 * <li>unknown (leave it alone) if it was modified since the cutoff (a request may be in flight),
 * or is pending, expiring, or complete but not yet settled: checkout, expiry and the
 * stalled-checkout job own those.</li>
 * </ul>
 */
@Singleton
public record CartClaims(CartsStore store) implements Claims {

    @Override
    public OptionalLong claimed(String cartId, String sku, Instant cutoff) {
        StoredCart cart = store.find(cartId);
        if (cart == null) {
            return OptionalLong.of(0);
        }
        return switch (cart.status()) {
            case EXPIRED -> OptionalLong.of(0);
            case COMPLETE -> cart.settled() ? OptionalLong.of(0) : OptionalLong.empty();
            case ACTIVE -> {
                if (!cart.lastModified().toInstant().isBefore(cutoff)) {
                    yield OptionalLong.empty();
                }
                StoredCart.Item line = cart.item(sku);
                yield OptionalLong.of(line == null ? 0 : line.qty());
            }
            case PENDING, EXPIRING -> OptionalLong.empty();
        };
    }
}

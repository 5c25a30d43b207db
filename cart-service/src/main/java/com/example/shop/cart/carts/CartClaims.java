package com.example.shop.cart.carts;

import static com.example.shop.cart.StoredFields.number;
import static com.mongodb.client.model.Filters.eq;

import com.example.shop.cart.inventory.Claims;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.OptionalLong;
import org.bson.Document;

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
@ApplicationScoped
public class CartClaims implements Claims {

    private final MongoCollection<Document> carts;

    public CartClaims(CartsStore store) {
        this.carts = store.carts();
    }

    @Override
    public OptionalLong claimed(String cartId, String sku, Instant cutoff) {
        Document cart = carts.find(eq("_id", cartId)).first();
        if (cart == null) {
            return OptionalLong.of(0);
        }
        return switch (StoredCart.status(cart)) {
            case EXPIRED -> OptionalLong.of(0);
            case COMPLETE -> Boolean.TRUE.equals(cart.getBoolean("settled")) ? OptionalLong.of(0) : OptionalLong.empty();
            case ACTIVE -> {
                if (!cart.getDate("last_modified").toInstant().isBefore(cutoff)) {
                    yield OptionalLong.empty();
                }
                Document line = StoredCart.line(cart, sku);
                yield OptionalLong.of(line == null ? 0 : number(line, "qty"));
            }
            case PENDING, EXPIRING -> OptionalLong.empty();
        };
    }
}

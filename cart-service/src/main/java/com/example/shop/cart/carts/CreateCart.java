package com.example.shop.cart.carts;

import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/** POST /carts: a new, empty, active cart. {@code version} is bumped by every later write to the cart. */
@ApplicationScoped
public class CreateCart {

    private final MongoCollection<Document> carts;

    CreateCart(CartsStore store) {
        this.carts = store.carts();
    }

    public CartView create() {
        Date now = new Date();
        Document cart = new Document("_id", CartIds.next()).append("status", CartStatus.ACTIVE.wire()).append("version", 0L)
                .append("created", now).append("last_modified", now).append("items", List.of())
                .append("checkouts", List.of());
        carts.insertOne(cart);
        return StoredCart.view(cart);
    }
}

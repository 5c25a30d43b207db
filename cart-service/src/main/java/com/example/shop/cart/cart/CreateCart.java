package com.example.shop.cart.cart;

import com.example.shop.cart.cart.CartRecords.CartView;
import com.example.shop.cart.config.CartDatabase;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/** A new, empty, active cart. {@code version} is bumped by every later write to the cart. */
@Singleton
public class CreateCart {

    private final MongoCollection<Document> carts;

    @Inject
    public CreateCart(CartDatabase database) {
        this.carts = database.carts();
    }

    public CartView create() {
        Date now = new Date();
        Document cart = new Document("_id", CartIds.next()).append("status", CartStatus.ACTIVE).append("version", 0L)
                .append("created", now).append("last_modified", now).append("items", List.of())
                .append("checkouts", List.of());
        carts.insertOne(cart);
        return CartReader.view(cart);
    }
}

package com.example.shop.cart.support;

import com.example.shop.testsupport.TestDatabase;
import org.bson.Document;

/**
 * Stock as a cart-service process leaves it when it dies between a stock update and the outbox
 * record of the availability transition that update made: the transition is in the stock, nowhere
 * else, until the reconciliation finds it.
 */
public final class LostTransition {

    private LostTransition() {
    }

    /** Sells out all {@code units} of the sku's available stock with no outbox record. */
    public static void sellOut(String sku, long units) {
        TestDatabase.database("cart").getCollection("inventory").updateOne(new Document("_id", sku),
                new Document("$set", new Document("qty", 0L))
                        .append("$inc", new Document("stocked", -units).append("rev", 1L)));
    }
}

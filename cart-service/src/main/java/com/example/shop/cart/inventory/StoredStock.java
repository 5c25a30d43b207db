package com.example.shop.cart.inventory;

import static com.example.shop.cart.StoredFields.documents;
import static com.example.shop.cart.StoredFields.number;

import java.util.List;
import org.bson.Document;

/**
 * What a stored inventory document says:
 * <pre>
 * inventory { _id: sku, qty: available, carted: [{cart_id, qty, timestamp}], stocked, sold, updated }
 * </pre>
 * with at most one carted entry per cart.
 */
final class StoredStock {

    private StoredStock() {
    }

    /** The reservations of the sku, one entry per holding cart; empty when there is no such document. */
    static List<Document> entries(Document inventory) {
        return documents(inventory, "carted");
    }

    /** The cart's entry, or null. */
    static Document entry(Document inventory, String cartId) {
        for (Document entry : entries(inventory)) {
            if (cartId.equals(entry.getString("cart_id"))) {
                return entry;
            }
        }
        return null;
    }

    static long available(Document inventory) {
        return number(inventory, "qty");
    }

    static long reserved(Document inventory) {
        return entries(inventory).stream().mapToLong(entry -> number(entry, "qty")).sum();
    }
}

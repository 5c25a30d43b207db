package com.example.shop.cart.inventory;

import java.util.Date;
import java.util.List;

/**
 * A stock document of the first model, as {@link InventoryMigration} converts it: the sku and its
 * holders, an array inside the document ({@code inventory {_id: sku, carted: [{cart_id, qty, timestamp}], ...}}).
 * Read by {@link FirstModelStockCodec}.
 */
record FirstModelStock(String sku, List<Holder> holders) {

    static final String ARRAY = "carted";

    FirstModelStock {
        holders = List.copyOf(holders);
    }

    /** A holder of the sku in the first model: an entry of {@code carted}. */
    record Holder(String cartId, long qty, Date at) {

        static final String CART = "cart_id";
        static final String QTY = "qty";
        static final String AT = "timestamp";
    }
}

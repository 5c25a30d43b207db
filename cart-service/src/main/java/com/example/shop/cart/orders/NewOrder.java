package com.example.shop.cart.orders;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a paid checkout makes an order of, as the carts feature hands it over: the cart and its
 * Idempotency-Key (the order's id), when the payment was approved, the lines as sold and the payment.
 */
public record NewOrder(String cartId, String key, Instant placedAt, String currency, long totalAmount, String method,
                       String chargeId, List<SoldLine> lines) {

    public NewOrder {
        lines = List.copyOf(lines);
    }

    /** A line as the cart sold it: its snapshot of the catalog, the unit price and the units. */
    public record SoldLine(String sku, String title, String type, String product, Map<String, String> options, long unitPrice,
                           int qty) {
    }
}

package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A line of the cart view: the unit price and details as copied from the catalog when the line was made. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Line(String sku, int qty, String title, String type, long unitPrice, String currency, long lineTotal) {

    static Line of(StoredCart.Item item) {
        StoredCart.Details details = item.details();
        return new Line(item.sku(), item.qty(), details.title(), details.type(), details.unitPrice(), details.currency(),
                item.amount());
    }
}

package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A line of the cart view: one variant's sku, with the unit price and details as copied from the
 * catalog when the line was made: the product's title and key, the variant's option values.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Line(String sku, int qty, String title, String type,
                   @Schema(description = "The key of the product the variant belongs to; the sku itself for a product without options")
                   String product,
                   @Schema(description = "The variant's option values by option name, in the product's order "
                           + "(e.g. {\"size\": \"M\", \"colour\": \"black\"}); empty for a product without options")
                   Map<String, String> options,
                   long unitPrice, String currency, long lineTotal) {

    static Line of(StoredCart.Item item) {
        StoredCart.Details details = item.details();
        return new Line(item.sku(), item.qty(), details.title(), details.type(), details.product(), details.options(),
                details.unitPrice(), details.currency(), item.amount());
    }
}

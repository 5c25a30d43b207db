package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A cart as clients see it; amounts are integer minor units of {@code currency}; {@code status} is a {@link CartStatus}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CartView(String id, String status, Instant lastModified, List<Line> items,
                       long totalUnits, long totalAmount,
                       @Schema(required = true, nullable = true, description = "The currency of the cart's lines "
                               + "(ISO 4217, e.g. USD); null while the cart has no line: its first line sets it") String currency) {

    /** The view of a stored cart; its lines in the order they were made. */
    static CartView of(StoredCart cart) {
        return new CartView(cart.id(), cart.status().wire(), cart.lastModified().toInstant(),
                cart.items().stream().map(Line::of).toList(), cart.totalUnits(), cart.totalAmount(), cart.currency());
    }
}

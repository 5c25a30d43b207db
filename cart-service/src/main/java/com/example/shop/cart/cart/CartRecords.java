package com.example.shop.cart.cart;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;
import java.util.List;

/** Request and response bodies of /carts. */
public final class CartRecords {

    private CartRecords() {
    }

    /** POST /carts/{id}/items. */
    public record AddItem(@NotNull @Pattern(regexp = "^[A-Za-z0-9._-]{1,64}$", message = "must be 1 to 64 characters of A-Z, a-z, 0-9, '.', '_', '-'") String sku,
                          @NotNull @Min(1) @Max(1000) Integer qty) {
    }

    /** PUT /carts/{id}/items/{sku}; 0 removes the line. */
    public record ChangeQuantity(@NotNull @Min(0) @Max(1000) Integer qty) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Line(String sku, int qty, String title, String type, long unitPrice, String currency, long lineTotal) {
    }

    /** A cart as clients see it; amounts are integer minor units of {@code currency}. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CartView(String id, String status, Instant lastModified, List<Line> items,
                           long totalUnits, long totalAmount, String currency) {
    }
}

package com.example.shop.cart.carts;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * PUT /carts/{id}/items/{sku}; 0 removes the line. The most units one line may hold is configured
 * ({@code cart.limits.max-line-qty}), so {@link ChangeLine} checks it, not an annotation here.
 */
public record ChangeQuantity(@NotNull @Min(0) @Schema(description = "at most cart.limits.max-line-qty; 0 removes the line") Integer qty) {
}

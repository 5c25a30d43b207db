package com.example.shop.cart.carts;

import com.example.shop.web.identifiers.Identifiers;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * POST /carts/{id}/items. The most units one line may hold is configured
 * ({@code cart.limits.max-line-qty}), so {@link AddToCart} checks it, not an annotation here.
 */
public record AddItem(@NotNull @Pattern(regexp = Identifiers.SKU, message = "must be " + Identifiers.SKU_RULE) String sku,
                      @NotNull @Min(1) @Schema(description = "at most cart.limits.max-line-qty") Integer qty) {
}

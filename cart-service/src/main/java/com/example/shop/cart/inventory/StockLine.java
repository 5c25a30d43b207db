package com.example.shop.cart.inventory;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One line of a stock import, and of a stock export: {@code PUT /inventory/{sku}} with the sku in
 * the body. {@code qty} has exactly {@link SetStock}'s rules; the sku's syntax is checked by
 * {@link ImportStock} with the rule and problem of the PUT's path ({@code field: "sku"}).
 */
@Schema(name = "StockLine", description = "One NDJSON line of a stock import or export: the available units of a sku")
public record StockLine(@NotNull String sku, @NotNull @Min(0) @Max(SetStock.MAX_QTY) Integer qty) {
}

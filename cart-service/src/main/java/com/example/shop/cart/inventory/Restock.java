package com.example.shop.cart.inventory;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** POST /inventory/{sku}/restock: units to add to the available quantity (a fixed bound of the API, not a setting). */
public record Restock(@NotNull @Min(1) @Max(1_000_000) Integer qty) {
}

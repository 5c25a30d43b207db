package com.example.shop.cart.inventory;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** PUT /inventory/{sku}: the available quantity to set (a fixed bound of the API, not a setting). */
public record SetStock(@NotNull @Min(0) @Max(1_000_000) Integer qty) {
}

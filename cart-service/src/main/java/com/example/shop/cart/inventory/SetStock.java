package com.example.shop.cart.inventory;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** PUT /inventory/{sku}: the available quantity to set (a fixed bound of the API, not a setting). */
public record SetStock(@NotNull @Min(0) @Max(MAX_QTY) Integer qty) {

    /** The most units available stock can be set to, by PUT and by a stock import line alike. */
    public static final int MAX_QTY = 1_000_000;
}

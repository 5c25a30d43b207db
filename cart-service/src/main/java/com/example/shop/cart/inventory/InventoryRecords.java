package com.example.shop.cart.inventory;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** Request and response bodies of /inventory. */
public final class InventoryRecords {

    private InventoryRecords() {
    }

    /** PUT /inventory/{sku}: the available quantity to set. */
    public record SetStock(@NotNull @Min(0) @Max(1_000_000) Integer qty) {
    }

    /** POST /inventory/{sku}/restock: units to add to the available quantity. */
    public record Restock(@NotNull @Min(1) @Max(1_000_000) Integer qty) {
    }

    /** Public view of a sku's stock; never names the carts holding reservations. */
    public record StockView(String sku, long available, long reserved) {
    }
}

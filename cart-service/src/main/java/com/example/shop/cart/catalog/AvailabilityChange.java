package com.example.shop.cart.catalog;

/**
 * A sku became sold out ({@code available = false}: no units available) or available again, as the
 * sku's stock document at revision {@code seq} says: the catalog keeps the report with the highest
 * {@code seq} per sku, so reports may arrive twice or out of order.
 */
public record AvailabilityChange(String sku, boolean available, long seq) {
}

package com.example.shop.cart.catalog;

/**
 * What a cart line copies from the catalog at add time; the unit price is in minor units.
 * {@code maxPerCart} is the most units of the product one cart may hold, as the catalog shows it
 * (null when the catalog does not say: only this service's own line limit applies).
 */
public record ProductSnapshot(String sku, String title, String type, long unitPrice, String currency, Integer maxPerCart) {
}

package com.example.shop.cart.catalog;

/** What a cart line copies from the catalog at add time; the unit price is in minor units. */
public record ProductSnapshot(String sku, String title, String type, long unitPrice, String currency) {
}

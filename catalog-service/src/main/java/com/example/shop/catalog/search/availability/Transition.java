package com.example.shop.catalog.search.availability;

/**
 * A sku went from available to sold out ({@code available = false}) or back, as the cart service
 * saw it in its stock: {@code seq} is the revision of the sku's stock document that has this state,
 * so that of two reports of one sku the higher {@code seq} is the newer, whatever order they arrive in.
 */
public record Transition(String sku, boolean available, long seq) {
}

package com.example.shop.catalog.search;

import org.bson.Document;

/**
 * A product as a listing shows it: the stored document (without {@code _id}) from which the index
 * takes its fields, and the JSON a page holds for it (the product feature's view of it, with the
 * per-cart limit in force), written once when the product is written or indexed rather than on
 * every read. {@code soldOut}: whether the cart
 * service last reported the sku sold out ({@link AvailabilityStore}); the index joins it in, the
 * product feature never sets it.
 */
public record ListedProduct(Document product, String json, boolean soldOut) {

    public ListedProduct(Document product, String json) {
        this(product, json, false);
    }

    public String sku() {
        return product.getString("sku");
    }

    ListedProduct withSoldOut(boolean soldOut) {
        return soldOut == this.soldOut ? this : new ListedProduct(product, json, soldOut);
    }
}

package com.example.shop.catalog.search;

import org.bson.Document;

/**
 * A product as a listing shows it: the stored document (without {@code _id}, with the per-cart
 * limit in force) from which the index takes its fields, and the JSON a page holds for it, written
 * once when the product is indexed rather than on every read.
 */
public record ListedProduct(Document product, String json) {

    public String sku() {
        return product.getString("sku");
    }
}

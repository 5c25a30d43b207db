package com.example.shop.catalog.product;

import com.example.shop.catalog.search.feed.AvailabilitySource;
import jakarta.inject.Singleton;

/**
 * The answer about one product (GET, POST, PUT and the variant writes): its view with the per-cart
 * limit in force and each variant's {@code available}, read for all the product's skus in one query
 * of the catalog's availability records (a sku without a record is available).
 */
@Singleton
record ProductAnswers(PerCartLimit perCartLimit, AvailabilitySource availability) {

    /** {@code asked}: the sku the request named (null for a write), shown as {@code selected} when a variant's. */
    ProductView of(StoredProduct product, String asked) {
        return ProductView.of(product, perCartLimit.of(product), availability.soldOut(product.skus()), asked);
    }
}

package com.example.shop.catalog.product;

import com.example.shop.catalog.search.feed.AvailabilitySource;
import com.mongodb.MongoException;
import jakarta.inject.Singleton;
import java.util.Set;

/**
 * The answer about one product (GET, POST, PUT and the variant writes): its view with the per-cart
 * limit in force and each variant's {@code available}, read for all the product's skus in one query
 * of the catalog's availability records (a sku without a record is available). After a write that
 * MongoDB took, a failing availability read leaves {@code available} out rather than turning the
 * written product into a 503: the write happened, and the client must be told so.
 */
@Singleton
record ProductAnswers(PerCartLimit perCartLimit, AvailabilitySource availability) {

    /** {@code asked}: the sku the request named (null for a write), shown as {@code selected} when a variant's. */
    ProductView of(StoredProduct product, String asked) {
        return ProductView.of(product, perCartLimit.of(product), soldOut(product, asked == null), asked);
    }

    private Set<String> soldOut(StoredProduct product, boolean written) {
        try {
            return availability.soldOut(product.skus());
        } catch (MongoException e) {
            if (written) {
                return null;
            }
            throw e;
        }
    }
}

package com.example.shop.catalog.product;

import java.util.Objects;

/**
 * A product search as the storefront asks it: every filter optional, combined with AND. The
 * {@code category} slug is resolved to category ids by the caller before the search runs.
 */
public record ProductQuery(String type, String genre, String actor, Integer minSavingsPct, String title,
                           String titlePrefix, String keyword, String category, ProductSort sort, int limit,
                           String cursor) {

    /** Identifies the filters and the order, so that a cursor is only accepted for the query it came from. */
    int fingerprint() {
        return Objects.hash(type, genre, actor, minSavingsPct, title, titlePrefix, keyword, category, sort.name());
    }
}

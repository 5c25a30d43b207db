package com.example.shop.catalog.search.feed;

/**
 * The catalog's revision counter as {@code catalog_revision} holds it: the database's epoch, the
 * writes counted so far, and the highest revision trimmed from the change feed (null: none yet).
 */
record StoredCounter(String epoch, long revision, Long trimmedThrough) {
}

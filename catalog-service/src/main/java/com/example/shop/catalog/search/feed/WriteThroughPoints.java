package com.example.shop.catalog.search.feed;

import java.util.Collection;

/**
 * Called when a product write has written MongoDB and is about to change this replica's index,
 * where two writes of one sku can overtake each other. The production bean
 * ({@link NoWriteThroughPoints}) does nothing; a test replaces it to hold a write there while
 * another one of the same sku runs to its end.
 */
public interface WriteThroughPoints {

    void beforeIndex(Collection<String> skus);
}

package com.example.shop.catalog.search.listing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map of at most {@code maxEntries}, the least recently used entry out first: the search's small
 * caches ({@link FacetCache}, {@link CategoryFilters}). Not thread-safe: its owner synchronizes
 * (a read moves the entry, so reads change it too).
 */
final class LeastRecentlyUsed<K, V> extends LinkedHashMap<K, V> {

    private final int maxEntries;

    LeastRecentlyUsed(int maxEntries) {
        super(64, 0.75f, true);
        this.maxEntries = maxEntries;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > maxEntries;
    }
}

package com.example.shop.catalog.search.lifecycle;

/**
 * Called as a rebuild scans the products into its new index, outside every lock (reads and writes
 * go on meanwhile). The production bean ({@link NoRebuildPoints}) does nothing; a test replaces it
 * to hold a rebuild in its scan while it writes, and checks that the writes reach the new index.
 */
public interface RebuildPoints {

    /** {@code products} have been scanned so far. */
    void scanned(long products);
}

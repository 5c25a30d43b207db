package com.example.shop.catalog.search.feed;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The skus a build's scan has seen, kept as 64-bit hashes in one sorted array: a tenth of what a
 * set of strings takes of the service's small heap. Two skus with one hash (very unlikely) would only
 * keep a product that MongoDB no longer has in the index until the next build.
 */
public final class SeenSkus {

    private long[] hashes = new long[1024];
    private int size;
    private boolean sorted;

    public void add(String sku) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        hashes[size++] = hash(sku);
        sorted = false;
    }

    public boolean contains(String sku) {
        if (!sorted) {
            Arrays.sort(hashes, 0, size);
            sorted = true;
        }
        return Arrays.binarySearch(hashes, 0, size, hash(sku)) >= 0;
    }

    public int size() {
        return size;
    }

    /** FNV-1a over the UTF-8 bytes, then mixed (a murmur3 finalizer), so that similar skus spread. */
    public static long hash(String sku) {
        long h = 0xcbf29ce484222325L;
        for (byte b : sku.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }
}

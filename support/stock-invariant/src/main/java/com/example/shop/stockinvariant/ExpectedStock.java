package com.example.shop.stockinvariant;

import java.util.HashMap;
import java.util.Map;

/**
 * What a client knows it stocked, per sku: the initial stock plus every acknowledged restock, and
 * apart from that the restocks whose outcome it never learnt (no answer, a 5xx): those may or may
 * not have been applied, so the stock the database should account for is a range.
 */
public final class ExpectedStock {

    private final Map<String, long[]> bySku = new HashMap<>();

    /** The stock a sku was created with. */
    public synchronized void initial(String sku, long qty) {
        bySku.computeIfAbsent(sku, k -> new long[2])[0] += qty;
    }

    /** A restock the service acknowledged. */
    public synchronized void acknowledged(String sku, long qty) {
        bySku.computeIfAbsent(sku, k -> new long[2])[0] += qty;
    }

    /** A restock that may or may not have been applied. */
    public synchronized void unknown(String sku, long qty) {
        bySku.computeIfAbsent(sku, k -> new long[2])[1] += qty;
    }

    /** {@code {least, most}} units the sku should account for, or null when nothing is known of it. */
    public synchronized long[] range(String sku) {
        long[] v = bySku.get(sku);
        return v == null ? null : new long[] {v[0], v[0] + v[1]};
    }
}

package com.example.shop.cart.inventory;

import java.util.Date;

/**
 * A sku's availability as the catalog is to hear of it ({@code availability_outbox}, {@code at} the
 * time of the record) or last acknowledged it ({@code availability_listed}, no {@code at}): its
 * state at stock revision {@code rev}.
 * <pre>
 * availability_outbox { _id: sku, sold_out, rev, at }
 * availability_listed { _id: sku, sold_out, rev }
 * </pre>
 * Read and written by {@link StoredAvailabilityCodec}.
 */
record StoredAvailability(String sku, boolean soldOut, long rev, Date at) {

    static final String SKU = "_id";
    static final String SOLD_OUT = "sold_out";
    static final String REV = "rev";
    static final String AT = "at";
}

package com.example.shop.cart.orders;

/**
 * A counter document, collection {@code counters}: {@code {_id: name, seq}}, {@code seq} moved by
 * {@code $inc} only, so each increment hands out a value no other gets. The order numbers are the
 * counter {@code order-number}: one per shop, which the cart database serves. Read and written by
 * {@link StoredCounterCodec}.
 */
record StoredCounter(String id, long seq) {

    static final String ID = "_id";
    static final String SEQ = "seq";
}

package com.example.shop.cart.inventory;

import java.util.Date;
import java.util.List;
import java.util.OptionalLong;

/**
 * One cart's reservation of one sku, collection {@code reservations}: the ledger of who holds the
 * reserved units of {@link StoredStock}.
 * <pre>
 * reservations { _id: "&lt;sku&gt; &lt;cart id&gt;", sku, cart_id, qty, reserved_at, moves: [{op, units}] }
 * </pre>
 * The id puts a sku's holders side by side in {@code _id} order (a space sorts before every
 * character a sku may hold), so the holders of one sku are one range of the {@code _id} index,
 * on MongoDB and on the embedded server alike, and a cart's reservation of a sku is found by its id.
 * {@code reserved_at} is the time of the last reservation (the age bands, and the cleanup's "left
 * alone since"). A document whose {@code qty} fell to 0 is deleted once no move marks it. Read and
 * written by {@link StoredReservationCodec}.
 */
record StoredReservation(String id, String sku, String cartId, long qty, Date reservedAt, List<MoveMarks.Mark> marks) {

    static final String ID = "_id";
    static final String SKU = "sku";
    static final String CART = "cart_id";
    static final String QTY = "qty";
    static final String RESERVED_AT = "reserved_at";

    /** Sorts before every character of a sku ({@code [A-Za-z0-9_.-]}). */
    private static final char SEPARATOR = ' ';
    /** The character after the separator: the end of one sku's range. */
    private static final char AFTER_SEPARATOR = '!';

    StoredReservation {
        marks = List.copyOf(marks);
    }

    /** A reservation no move has marked. */
    StoredReservation(String sku, String cartId, long qty, Date reservedAt) {
        this(id(sku, cartId), sku, cartId, qty, reservedAt, List.of());
    }

    static String id(String sku, String cartId) {
        return sku + SEPARATOR + cartId;
    }

    static String skuOf(String id) {
        return id.substring(0, id.indexOf(SEPARATOR));
    }

    static String cartOf(String id) {
        return id.substring(id.indexOf(SEPARATOR) + 1);
    }

    /** The first id of the sku's range after {@code afterCartId} (its whole range when null), exclusive. */
    static String rangeStart(String sku, String afterCartId) {
        return afterCartId == null ? sku + SEPARATOR : id(sku, afterCartId);
    }

    /** The end of the sku's range, exclusive. */
    static String rangeEnd(String sku) {
        return sku + AFTER_SEPARATOR;
    }

    /** The units the move marked on this reservation, if it marked it. */
    OptionalLong marked(String op) {
        return MoveMarks.marked(marks, op);
    }
}

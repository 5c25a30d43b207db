package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.number;

import java.util.Date;
import org.bson.Document;

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
 * alone since"). A document whose {@code qty} fell to 0 is deleted once no move marks it.
 */
record StoredReservation(String id, String sku, String cartId, long qty, Date reservedAt) {

    static final String ID = "_id";
    static final String SKU = "sku";
    static final String CART = "cart_id";
    static final String QTY = "qty";
    static final String RESERVED_AT = "reserved_at";

    /** Sorts before every character of a sku ({@code [A-Za-z0-9_.-]}). */
    private static final char SEPARATOR = ' ';
    /** The character after the separator: the end of one sku's range. */
    private static final char AFTER_SEPARATOR = '!';

    static StoredReservation of(Document doc) {
        return new StoredReservation(doc.getString(ID), doc.getString(SKU), doc.getString(CART), number(doc, QTY),
                doc.getDate(RESERVED_AT));
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

    /** {@code {_id: {$gt: "<sku> <after>", $lt: "<sku>!"}}}: the sku's reservations after a cart id (or all). */
    static Document holdersOf(String sku, String afterCartId) {
        String from = afterCartId == null ? sku + SEPARATOR : id(sku, afterCartId);
        return new Document(ID, new Document("$gt", from).append("$lt", sku + AFTER_SEPARATOR));
    }
}

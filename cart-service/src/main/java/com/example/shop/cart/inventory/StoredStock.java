package com.example.shop.cart.inventory;

import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.OptionalLong;

/**
 * A sku's stock document, collection {@code inventory}, as a typed value; the field names are here
 * and nowhere else:
 * <pre>
 * inventory { _id: sku, qty: available, reserved, sold, stocked, updated, rev,
 *             sales: {"&lt;10-minute slot&gt;": units sold in it},
 *             moves: [{op, units}] }
 * </pre>
 * {@code stocked = qty + reserved + sold} holds for every document after every single update: each
 * update moves units between the three counters. The holders of the reserved units are the
 * documents of {@code reservations} ({@link StoredReservation}); {@code moves} marks the unit moves
 * in flight that touched this document ({@link MoveMarks}), a handful at a time however many carts
 * hold the sku. {@code rev} counts the changes of {@code qty} (every update that moves it adds one), so
 * that a state read with it can be ordered against any other ({@link AvailabilityOutbox}). Read and
 * written by {@link StoredStockCodec}; a document read with a projection has only the projected values.
 */
record StoredStock(String sku, long available, long reserved, long sold, long stocked, Date updated, long rev, SalesSlots sales,
                   List<MoveMarks.Mark> marks) {

    static final String SKU = "_id";
    static final String AVAILABLE = "qty";
    static final String RESERVED = "reserved";
    static final String SOLD = "sold";
    static final String STOCKED = "stocked";
    static final String UPDATED = "updated";
    static final String SALES = "sales";
    static final String REV = "rev";

    StoredStock {
        marks = List.copyOf(marks);
    }

    /** A new sku's document: {@code qty} available, nothing reserved or sold, at its first revision. */
    static StoredStock created(String sku, long qty, Date now) {
        return new StoredStock(sku, qty, 0L, 0L, qty, now, 1L, SalesSlots.NONE, List.of());
    }

    long soldLastHour(Instant now) {
        return sales.lastHour(now);
    }

    /** The units the move marked on this document, if it marked it. */
    OptionalLong marked(String op) {
        return MoveMarks.marked(marks, op);
    }
}

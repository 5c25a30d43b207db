package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.number;

import java.time.Instant;
import java.util.Date;
import org.bson.Document;

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
 * that a state read with it can be ordered against any other ({@link AvailabilityOutbox}).
 */
record StoredStock(String sku, long available, long reserved, long sold, long stocked, Date updated, SalesSlots sales) {

    static final String SKU = "_id";
    static final String AVAILABLE = "qty";
    static final String RESERVED = "reserved";
    static final String SOLD = "sold";
    static final String STOCKED = "stocked";
    static final String UPDATED = "updated";
    static final String SALES = "sales";
    static final String REV = "rev";

    static StoredStock of(Document doc) {
        return new StoredStock(doc.getString(SKU), number(doc, AVAILABLE), number(doc, RESERVED), number(doc, SOLD),
                number(doc, STOCKED), doc.getDate(UPDATED), SalesSlots.of(doc.get(SALES, Document.class)));
    }

    /** A new sku's document: {@code qty} available, nothing reserved or sold. */
    static Document newDocument(String sku, long qty, Date now) {
        return new Document(SKU, sku).append(AVAILABLE, qty).append(RESERVED, 0L).append(SOLD, 0L).append(STOCKED, qty)
                .append(UPDATED, now).append(REV, 1L);
    }

    long soldLastHour(Instant now) {
        return sales.lastHour(now);
    }
}

package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredReservation} as its document in {@code reservations}. */
final class StoredReservationCodec extends StoredCodec<StoredReservation> {

    StoredReservationCodec() {
        super(StoredReservation.class);
    }

    @Override
    protected StoredReservation fromDocument(Document doc) {
        return new StoredReservation(doc.getString(StoredReservation.ID), doc.getString(StoredReservation.SKU),
                doc.getString(StoredReservation.CART), number(doc, StoredReservation.QTY), doc.getDate(StoredReservation.RESERVED_AT),
                StoredStockCodec.marks(doc));
    }

    /** The document {@code {_id, sku, cart_id, qty, reserved_at}}, with its marks when it has any. */
    @Override
    protected Document toDocument(StoredReservation reservation) {
        Document doc = new Document(StoredReservation.ID, reservation.id()).append(StoredReservation.SKU, reservation.sku())
                .append(StoredReservation.CART, reservation.cartId()).append(StoredReservation.QTY, reservation.qty())
                .append(StoredReservation.RESERVED_AT, reservation.reservedAt());
        if (!reservation.marks().isEmpty()) {
            doc.append(MoveMarks.FIELD, reservation.marks().stream()
                    .map(mark -> new Document(MoveMarks.OP, mark.op()).append(MoveMarks.UNITS, mark.units())).toList());
        }
        return doc;
    }
}

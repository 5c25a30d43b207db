package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.instant;
import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.WireName;
import java.util.Date;
import java.util.List;
import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link Move} as its journal entry in {@code inventory_moves}: the optional fields only when set. */
final class MoveCodec extends StoredCodec<Move> {

    MoveCodec() {
        super(Move.class);
    }

    @Override
    protected Move fromDocument(Document doc) {
        return new Move(doc.getString(Move.OP), WireName.stored(MoveKind.class, doc.getString(Move.KIND)), doc.getDate(Move.AT).toInstant(),
                doc.getString(Move.SKU), doc.getString(Move.CART), doc.getString(Move.ORDER), number(doc, Move.UNITS),
                doc.getList(Move.RESERVATIONS, String.class, List.of()), doc.getString(Move.HOLDER),
                instant(doc, Move.CLAIMED_UNTIL));
    }

    @Override
    protected Document toDocument(Move move) {
        Document doc = new Document(Move.OP, move.op()).append(Move.KIND, move.kind().wire()).append(Move.AT, Date.from(move.at()));
        if (move.orderId() != null) {
            doc.append(Move.SKU, move.sku()).append(Move.ORDER, move.orderId()).append(Move.UNITS, move.units());
        } else if (move.sku() != null) {
            doc.append(Move.SKU, move.sku()).append(Move.CART, move.cartId()).append(Move.UNITS, move.units());
        }
        if (!move.reservations().isEmpty()) {
            doc.append(Move.RESERVATIONS, move.reservations());
        }
        if (move.holder() != null) {
            doc.append(Move.HOLDER, move.holder()).append(Move.CLAIMED_UNTIL, Date.from(move.claimedUntil()));
        }
        return doc;
    }
}

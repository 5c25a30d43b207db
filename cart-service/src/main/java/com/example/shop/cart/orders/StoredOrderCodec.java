package com.example.shop.cart.orders;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.instant;
import static com.example.shop.web.database.StoredFields.number;
import static com.example.shop.web.database.StoredFields.strings;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;

/**
 * A {@link StoredOrder} as its document in {@code orders}, and its history entry and refund as the
 * subdocuments the store pushes and sets. A document read with a projection has only the projected
 * values (the others are null, 0 or empty).
 */
final class StoredOrderCodec extends StoredCodec<StoredOrder> {

    StoredOrderCodec() {
        super(StoredOrder.class);
    }

    @Override
    protected StoredOrder fromDocument(Document doc) {
        String status = doc.getString(StoredOrder.STATUS);
        Document payment = doc.get(StoredOrder.PAYMENT, Document.class);
        return new StoredOrder(doc.getString(StoredOrder.ID), number(doc, StoredOrder.NUMBER),
                status == null ? null : WireName.stored(OrderStatus.class, status), instant(doc, StoredOrder.PLACED_AT),
                doc.getString(StoredOrder.CURRENCY), number(doc, StoredOrder.TOTAL_UNITS), number(doc, StoredOrder.TOTAL_AMOUNT),
                documents(doc, StoredOrder.LINES).stream().map(StoredOrderCodec::line).toList(),
                payment == null ? null : payment(payment),
                documents(doc, StoredOrder.HISTORY).stream().map(StoredOrderCodec::change).toList(),
                strings(doc, StoredOrder.TOKEN_HASHES), strings(doc, StoredOrder.RETURNED),
                Boolean.TRUE.equals(doc.getBoolean(StoredOrder.SETTLED)), Boolean.TRUE.equals(doc.getBoolean(StoredOrder.UNANNOUNCED)));
    }

    /** The document as inserted: {@code settled} only on a cancelled order, {@code refund} only once answered, {@code unannounced} only when true. */
    @Override
    protected Document toDocument(StoredOrder order) {
        Document doc = new Document(StoredOrder.ID, order.id()).append(StoredOrder.NUMBER, order.number())
                .append(StoredOrder.STATUS, order.status().wire()).append(StoredOrder.PLACED_AT, Date.from(order.placedAt()))
                .append(StoredOrder.CURRENCY, order.currency()).append(StoredOrder.TOTAL_UNITS, order.totalUnits())
                .append(StoredOrder.TOTAL_AMOUNT, order.totalAmount())
                .append(StoredOrder.LINES, order.lines().stream().map(StoredOrderCodec::line).toList())
                .append(StoredOrder.PAYMENT, payment(order.payment()))
                .append(StoredOrder.HISTORY, order.history().stream().map(StoredOrderCodec::change).toList())
                .append(StoredOrder.TOKEN_HASHES, order.tokenHashes()).append(StoredOrder.RETURNED, order.returned());
        if (order.status() == OrderStatus.CANCELLED) {
            doc.append(StoredOrder.SETTLED, order.settled());
        }
        if (order.unannounced()) {
            doc.append(StoredOrder.UNANNOUNCED, true);
        }
        return doc;
    }

    private static StoredOrder.Line line(Document doc) {
        String sku = doc.getString(StoredOrder.Line.SKU);
        String product = doc.getString(StoredOrder.Line.PRODUCT);
        Document options = doc.get(StoredOrder.Line.OPTIONS, Document.class);
        Map<String, String> values = new LinkedHashMap<>();
        if (options != null) {
            options.forEach((name, value) -> values.put(name, (String) value));
        }
        return new StoredOrder.Line(sku, doc.getString(StoredOrder.Line.TITLE), doc.getString(StoredOrder.Line.TYPE),
                product == null ? sku : product, values, number(doc, StoredOrder.Line.UNIT_PRICE), (int) number(doc, StoredOrder.Line.QTY),
                number(doc, StoredOrder.Line.LINE_TOTAL));
    }

    /** A line as stored: {@code product} only when it is not the sku, {@code options} only when there are some (as a cart's line). */
    private static Document line(StoredOrder.Line line) {
        Document doc = new Document(StoredOrder.Line.SKU, line.sku()).append(StoredOrder.Line.TITLE, line.title())
                .append(StoredOrder.Line.TYPE, line.type());
        if (line.product() != null && !line.product().equals(line.sku())) {
            doc.append(StoredOrder.Line.PRODUCT, line.product());
        }
        if (!line.options().isEmpty()) {
            doc.append(StoredOrder.Line.OPTIONS, new Document(line.options()));
        }
        return doc.append(StoredOrder.Line.UNIT_PRICE, line.unitPrice()).append(StoredOrder.Line.QTY, line.qty())
                .append(StoredOrder.Line.LINE_TOTAL, line.lineTotal());
    }

    private static StoredOrder.Payment payment(Document doc) {
        Document refund = doc.get(StoredOrder.Payment.REFUND, Document.class);
        return new StoredOrder.Payment(doc.getString(StoredOrder.Payment.METHOD), doc.getString(StoredOrder.Payment.CHARGE_ID),
                refund == null ? null : refund(refund));
    }

    private static Document payment(StoredOrder.Payment payment) {
        Document doc = new Document(StoredOrder.Payment.METHOD, payment.method()).append(StoredOrder.Payment.CHARGE_ID, payment.chargeId());
        if (payment.refund() != null) {
            doc.append(StoredOrder.Payment.REFUND, refund(payment.refund()));
        }
        return doc;
    }

    private static StoredOrder.Refund refund(Document doc) {
        return new StoredOrder.Refund(WireName.stored(RefundState.class, doc.getString(StoredOrder.Refund.STATE)),
                doc.getString(StoredOrder.Refund.ID), doc.getString(StoredOrder.Refund.REASON), instant(doc, StoredOrder.Refund.AT));
    }

    /** The refund as the store sets it: {@code id} when refunded, {@code reason} when declined. */
    static Document refund(StoredOrder.Refund refund) {
        Document doc = new Document(StoredOrder.Refund.STATE, refund.state().wire());
        if (refund.id() != null) {
            doc.append(StoredOrder.Refund.ID, refund.id());
        }
        if (refund.reason() != null) {
            doc.append(StoredOrder.Refund.REASON, refund.reason());
        }
        return doc.append(StoredOrder.Refund.AT, Date.from(refund.at()));
    }

    private static StoredOrder.Change change(Document doc) {
        return new StoredOrder.Change(WireName.stored(OrderStatus.class, doc.getString(StoredOrder.Change.STATUS)),
                instant(doc, StoredOrder.Change.AT));
    }

    /** A history entry as the store pushes it. */
    static Document change(StoredOrder.Change change) {
        return new Document(StoredOrder.Change.STATUS, change.status().wire()).append(StoredOrder.Change.AT, Date.from(change.at()));
    }
}

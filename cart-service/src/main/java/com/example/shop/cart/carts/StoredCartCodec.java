package com.example.shop.cart.carts;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;

/**
 * A {@link StoredCart} as its document in {@code cart}, and its line and checkout attempt as the
 * subdocuments pushed into {@code items} and {@code checkouts}. A document read with a projection
 * has only the projected values (the others are null, 0 or empty).
 */
final class StoredCartCodec extends StoredCodec<StoredCart> {

    StoredCartCodec() {
        super(StoredCart.class);
    }

    @Override
    protected StoredCart fromDocument(Document doc) {
        String status = doc.getString(StoredCart.STATUS);
        return new StoredCart(doc.getString(StoredCart.ID), status == null ? null : WireName.stored(CartStatus.class, status),
                number(doc, StoredCart.VERSION), doc.getDate(StoredCart.CREATED), doc.getDate(StoredCart.LAST_MODIFIED),
                doc.getDate(StoredCart.HELD_SINCE),
                documents(doc, StoredCart.ITEMS).stream().map(StoredCartCodec::item).toList(),
                documents(doc, StoredCart.CHECKOUTS).stream().map(StoredCartCodec::attempt).toList(),
                Boolean.TRUE.equals(doc.getBoolean(StoredCart.SETTLED)));
    }

    /**
     * The document as stored: {@code held_since} only once set, {@code settled} only on a complete
     * cart (a cart completes with {@code settled: false}).
     */
    @Override
    protected Document toDocument(StoredCart cart) {
        Document doc = new Document(StoredCart.ID, cart.id()).append(StoredCart.STATUS, cart.status().wire())
                .append(StoredCart.VERSION, cart.version()).append(StoredCart.CREATED, cart.created())
                .append(StoredCart.LAST_MODIFIED, cart.lastModified());
        if (cart.heldSince() != null) {
            doc.append(StoredCart.HELD_SINCE, cart.heldSince());
        }
        doc.append(StoredCart.ITEMS, cart.items().stream().map(StoredCartCodec::item).toList())
                .append(StoredCart.CHECKOUTS, cart.checkouts().stream().map(StoredCartCodec::attempt).toList());
        if (cart.status() == CartStatus.COMPLETE) {
            doc.append(StoredCart.SETTLED, cart.settled());
        }
        return doc;
    }

    static StoredCart.Item item(Document doc) {
        Document details = doc.get(StoredCart.Item.DETAILS, Document.class);
        String sku = doc.getString(StoredCart.Item.SKU);
        return new StoredCart.Item(sku, (int) number(doc, StoredCart.Item.QTY),
                Boolean.TRUE.equals(doc.getBoolean(StoredCart.Item.SETTLED)), details == null ? null : details(details, sku));
    }

    /** The line as pushed into {@code items}: {@code qty} an int, {@code settled} only once sold. */
    static Document item(StoredCart.Item item) {
        Document doc = new Document(StoredCart.Item.SKU, item.sku()).append(StoredCart.Item.QTY, item.qty());
        if (item.settled()) {
            doc.append(StoredCart.Item.SETTLED, true);
        }
        return doc.append(StoredCart.Item.DETAILS, details(item.details(), item.sku()));
    }

    /** A line's details; without {@code product} (a line made before variants, or of a product without options) the product is the line's sku. */
    private static StoredCart.Details details(Document doc, String sku) {
        String product = doc.getString(StoredCart.Details.PRODUCT);
        Document options = doc.get(StoredCart.Details.OPTIONS, Document.class);
        Map<String, String> values = new LinkedHashMap<>();
        if (options != null) {
            options.forEach((name, value) -> values.put(name, (String) value));
        }
        return new StoredCart.Details(doc.getString(StoredCart.Details.TITLE), doc.getString(StoredCart.Details.TYPE),
                number(doc, StoredCart.Details.UNIT_PRICE), doc.getString(StoredCart.Details.CURRENCY), product == null ? sku : product,
                values);
    }

    /** The details as stored: {@code product} only when it is not the line's sku, {@code options} only when there are some. */
    private static Document details(StoredCart.Details details, String sku) {
        Document doc = new Document(StoredCart.Details.TITLE, details.title()).append(StoredCart.Details.TYPE, details.type())
                .append(StoredCart.Details.UNIT_PRICE, details.unitPrice()).append(StoredCart.Details.CURRENCY, details.currency());
        if (details.product() != null && !details.product().equals(sku)) {
            doc.append(StoredCart.Details.PRODUCT, details.product());
        }
        if (!details.options().isEmpty()) {
            doc.append(StoredCart.Details.OPTIONS, new Document(details.options()));
        }
        return doc;
    }

    /** An attempt; one locked before the method was stored was paid by card, the only method checkout ever took. */
    static StoredCart.Attempt attempt(Document doc) {
        String method = doc.getString(StoredCart.Attempt.METHOD);
        return new StoredCart.Attempt(doc.getString(StoredCart.Attempt.KEY),
                WireName.stored(CheckoutState.class, doc.getString(StoredCart.Attempt.STATE)), number(doc, StoredCart.Attempt.AMOUNT),
                doc.getString(StoredCart.Attempt.CURRENCY), method == null ? "card" : method, doc.getString(StoredCart.Attempt.CHARGE_ID),
                doc.getString(StoredCart.Attempt.REASON), doc.getDate(StoredCart.Attempt.STARTED),
                doc.getDate(StoredCart.Attempt.FINISHED));
    }

    /** The attempt as pushed into {@code checkouts}: the optional fields only once set. */
    static Document attempt(StoredCart.Attempt attempt) {
        Document doc = new Document(StoredCart.Attempt.KEY, attempt.key()).append(StoredCart.Attempt.STATE, attempt.state().wire())
                .append(StoredCart.Attempt.AMOUNT, attempt.amount()).append(StoredCart.Attempt.CURRENCY, attempt.currency())
                .append(StoredCart.Attempt.METHOD, attempt.method()).append(StoredCart.Attempt.STARTED, attempt.started());
        if (attempt.chargeId() != null) {
            doc.append(StoredCart.Attempt.CHARGE_ID, attempt.chargeId());
        }
        if (attempt.reason() != null) {
            doc.append(StoredCart.Attempt.REASON, attempt.reason());
        }
        if (attempt.finished() != null) {
            doc.append(StoredCart.Attempt.FINISHED, attempt.finished());
        }
        return doc;
    }
}

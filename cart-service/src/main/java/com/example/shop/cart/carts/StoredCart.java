package com.example.shop.cart.carts;

import static com.example.shop.cart.StoredFields.documents;
import static com.example.shop.cart.StoredFields.number;

import com.example.shop.cart.CartProblems;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * What a stored cart document says: its status, its line of a sku, its currency and total, its
 * checkout attempts, and its public view.
 * <pre>
 * cart { _id, status, version, created, last_modified, held_since?,
 *        items: [{sku, qty, settled?, details: {title, type, unit_price, currency}}],
 *        checkouts: [{key, state, amount, currency, charge_id?, reason?, started, finished?}], settled? }
 * </pre>
 */
final class StoredCart {

    private StoredCart() {
    }

    static CartStatus status(Document cart) {
        return CartStatus.fromWire(cart.getString("status"));
    }

    /** A 409 cart-inactive problem unless the cart is active (only an active cart's lines change). */
    static void requireActive(Document cart) {
        CartStatus status = status(cart);
        if (status != CartStatus.ACTIVE) {
            throw CartProblems.cartInactive(status.wire());
        }
    }

    static List<Document> lines(Document cart) {
        return documents(cart, "items");
    }

    /** The cart's line of the sku, or null. */
    static Document line(Document cart, String sku) {
        for (Document item : lines(cart)) {
            if (sku.equals(item.getString("sku"))) {
                return item;
            }
        }
        return null;
    }

    /** The currency of the cart's lines, or null when it has none. */
    static String currency(Document cart) {
        for (Document item : lines(cart)) {
            return item.get("details", Document.class).getString("currency");
        }
        return null;
    }

    static long totalAmount(Document cart) {
        long total = 0;
        for (Document item : lines(cart)) {
            total += number(item, "qty") * number(item.get("details", Document.class), "unit_price");
        }
        return total;
    }

    /** The checkout attempt under this Idempotency-Key, or null. */
    static Document attempt(Document cart, String key) {
        for (Document checkout : documents(cart, "checkouts")) {
            if (key.equals(checkout.getString("key"))) {
                return checkout;
            }
        }
        return null;
    }

    /** The attempt still waiting for its payment's outcome, or null. */
    static Document pendingAttempt(Document cart) {
        for (Document checkout : documents(cart, "checkouts")) {
            if (attemptState(checkout) == CheckoutState.PENDING) {
                return checkout;
            }
        }
        return null;
    }

    static CheckoutState attemptState(Document attempt) {
        return CheckoutState.fromWire(attempt.getString("state"));
    }

    static CartView view(Document cart) {
        List<Line> lines = new ArrayList<>();
        long units = 0;
        for (Document item : lines(cart)) {
            Document details = item.get("details", Document.class);
            int qty = (int) number(item, "qty");
            long price = number(details, "unit_price");
            lines.add(new Line(item.getString("sku"), qty, details.getString("title"), details.getString("type"),
                    price, details.getString("currency"), price * qty));
            units += qty;
        }
        return new CartView(cart.getString("_id"), cart.getString("status"), cart.getDate("last_modified").toInstant(),
                lines, units, totalAmount(cart), currency(cart));
    }
}

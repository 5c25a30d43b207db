package com.example.shop.cart.orders;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An order document, collection {@code orders}, as a typed value; the field names are here and
 * nowhere else:
 * <pre>
 * orders { _id: "&lt;cart id&gt;:&lt;Idempotency-Key&gt;", number, status, placed_at, currency, total_units, total_amount,
 *          lines: [{sku, title, type, product?, options?, unit_price, qty, line_total}],
 *          payment: {method, charge_id, refund?: {state, id?, reason?, at}},
 *          history: [{status, at}], token_hashes: [hex SHA-256], returned: [sku], settled?, unannounced?, holder?, expires_at? }
 * </pre>
 * The {@code _id} is derived from the checkout, so every path that finishes it writes the same
 * order. The lines are the cart's as sold and never change; {@code returned} names the skus whose
 * units a cancel gave back to stock; {@code settled} is written {@code false} when the order is
 * cancelled and set once its units are back and its refund answered; {@code holder} and
 * {@code unannounced: true} is written with each change of status and removed once the webhook events of its
 * history are in the outbox ({@link OrderEvents}); {@code holder} and
 * {@code expires_at} are the lease of the worker finishing a cancel (web-support's {@code LeaseStore.onDocuments}).
 * Read and written by {@link StoredOrderCodec}.
 */
record StoredOrder(String id, long number, OrderStatus status, Instant placedAt, String currency, long totalUnits,
                   long totalAmount, List<Line> lines, Payment payment, List<Change> history, List<String> tokenHashes,
                   List<String> returned, boolean settled, boolean unannounced) {

    static final String ID = "_id";
    static final String NUMBER = "number";
    static final String STATUS = "status";
    static final String PLACED_AT = "placed_at";
    static final String CURRENCY = "currency";
    static final String TOTAL_UNITS = "total_units";
    static final String TOTAL_AMOUNT = "total_amount";
    static final String LINES = "lines";
    static final String PAYMENT = "payment";
    static final String HISTORY = "history";
    static final String TOKEN_HASHES = "token_hashes";
    static final String RETURNED = "returned";
    static final String SETTLED = "settled";
    static final String UNANNOUNCED = "unannounced";

    /** {@code lines.sku}: an order with a line of a sku. */
    static final String LINE_SKU = LINES + "." + Line.SKU;
    /** {@code payment.refund}: set once the gateway answered the refund. */
    static final String REFUND = PAYMENT + "." + Payment.REFUND;

    StoredOrder {
        lines = List.copyOf(lines);
        history = List.copyOf(history);
        tokenHashes = List.copyOf(tokenHashes);
        returned = List.copyOf(returned);
    }

    /** Whether the units of its line of the sku are back in available stock. */
    boolean returned(String sku) {
        return returned.contains(sku);
    }

    /**
     * A line as sold, copied from the cart's line (its snapshot of the catalog): the product's title,
     * type and key, the variant's option values (empty without options), the unit price, the units.
     */
    record Line(String sku, String title, String type, String product, Map<String, String> options, long unitPrice, int qty,
                long lineTotal) {

        static final String SKU = "sku";
        static final String TITLE = "title";
        static final String TYPE = "type";
        static final String PRODUCT = "product";
        static final String OPTIONS = "options";
        static final String UNIT_PRICE = "unit_price";
        static final String QTY = "qty";
        static final String LINE_TOTAL = "line_total";

        Line {
            options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
        }
    }

    /** How the order was paid, and, once cancelled and answered, its refund. */
    record Payment(String method, String chargeId, Refund refund) {

        static final String METHOD = "method";
        static final String CHARGE_ID = "charge_id";
        static final String REFUND = "refund";
    }

    /** The gateway's answer to the refund: its id when refunded, its reason when declined. */
    record Refund(RefundState state, String id, String reason, Instant at) {

        static final String STATE = "state";
        static final String ID = "id";
        static final String REASON = "reason";
        static final String AT = "at";
    }

    /** An entry of the history: the status the order took, and when. */
    record Change(OrderStatus status, Instant at) {

        static final String STATUS = "status";
        static final String AT = "at";
    }
}

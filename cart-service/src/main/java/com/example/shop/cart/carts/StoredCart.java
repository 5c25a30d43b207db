package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cart document, collection {@code cart}, as a typed value; the field names are here and
 * nowhere else:
 * <pre>
 * cart { _id, status, version, created, last_modified, held_since?,
 *        items: [{sku, qty, settled?, details: {title, type, unit_price, currency, product?, options?}}],
 *        checkouts: [{key, state, amount, currency, method, charge_id?, reason?, started, finished?}], settled? }
 * </pre>
 * {@code version} is bumped by every write after the insert, so a read can guard a later write on
 * it; {@code held_since} is the time of the cart's first reservation (the max hold);
 * {@code settled} is written when the cart completes ({@code false}) and set once its sale is
 * finished ({@code true}): its units sold and its order made; an item's {@code settled} once its
 * units are sold. Read and written by {@link StoredCartCodec}.
 */
record StoredCart(String id, CartStatus status, long version, Date created, Date lastModified, Date heldSince,
                  List<Item> items, List<Attempt> checkouts, boolean settled) {

    static final String ID = "_id";
    static final String STATUS = "status";
    static final String VERSION = "version";
    static final String CREATED = "created";
    static final String LAST_MODIFIED = "last_modified";
    static final String HELD_SINCE = "held_since";
    static final String ITEMS = "items";
    static final String CHECKOUTS = "checkouts";
    static final String SETTLED = "settled";

    // The paths into the arrays, for filters and for updates of the element a filter matched ($).
    /** {@code items.sku}: a cart with (or, with {@code $ne}, without) a line of a sku. */
    static final String ITEM_SKU = ITEMS + "." + Item.SKU;
    /** {@code items.0}: a cart with at least one line. */
    static final String FIRST_ITEM = ITEMS + ".0";
    static final String MATCHED_ITEM_QTY = ITEMS + ".$." + Item.QTY;
    static final String MATCHED_ITEM_SETTLED = ITEMS + ".$." + Item.SETTLED;
    /** {@code checkouts.key}: a cart with (or without) an attempt under a key. */
    static final String ATTEMPT_KEY = CHECKOUTS + "." + Attempt.KEY;
    static final String MATCHED_ATTEMPT_STATE = CHECKOUTS + ".$." + Attempt.STATE;
    static final String MATCHED_ATTEMPT_CHARGE = CHECKOUTS + ".$." + Attempt.CHARGE_ID;
    static final String MATCHED_ATTEMPT_REASON = CHECKOUTS + ".$." + Attempt.REASON;
    static final String MATCHED_ATTEMPT_FINISHED = CHECKOUTS + ".$." + Attempt.FINISHED;

    StoredCart {
        items = List.copyOf(items);
        checkouts = List.copyOf(checkouts);
    }

    /** A new, empty, active cart: version 0, no lines, no attempts. */
    static StoredCart created(String id, Date now) {
        return new StoredCart(id, CartStatus.ACTIVE, 0L, now, now, null, List.of(), List.of(), false);
    }

    /** A 409 cart-inactive problem unless the cart is active (only an active cart's lines change). */
    void requireActive() {
        if (status != CartStatus.ACTIVE) {
            throw CartProblems.cartInactive(status.wire());
        }
    }

    /** The cart's line of the sku, or null. */
    Item item(String sku) {
        return items.stream().filter(item -> sku.equals(item.sku())).findFirst().orElse(null);
    }

    /** The currency of the cart's lines, or null when it has none (its first line sets it). */
    String currency() {
        return items.isEmpty() ? null : items.get(0).details().currency();
    }

    long totalUnits() {
        return items.stream().mapToLong(Item::qty).sum();
    }

    long totalAmount() {
        return items.stream().mapToLong(Item::amount).sum();
    }

    /** The checkout attempt under this Idempotency-Key, or null. */
    Attempt attempt(String key) {
        return checkouts.stream().filter(attempt -> key.equals(attempt.key())).findFirst().orElse(null);
    }

    /** The attempt whose payment was approved (a complete cart's), or null. */
    Attempt approvedAttempt() {
        return checkouts.stream().filter(attempt -> attempt.state() == CheckoutState.APPROVED).findFirst().orElse(null);
    }

    /** The attempt still waiting for its payment's outcome, or null. */
    Attempt pendingAttempt() {
        return checkouts.stream().filter(attempt -> attempt.state() == CheckoutState.PENDING).findFirst().orElse(null);
    }

    /** The units the cart holds of the product's variants other than {@code sku}: what a per-product limit counts besides the line. */
    int unitsOfOtherVariants(String product, String sku) {
        return items.stream().filter(item -> !sku.equals(item.sku()) && product.equals(item.product())).mapToInt(Item::qty).sum();
    }

    List<String> skus() {
        return items.stream().map(Item::sku).toList();
    }

    /**
     * A line of the cart: {@code qty} units of a sku, stored as an int, and the product's details as
     * the catalog gave them when the line was made; {@code settled} once its units are sold.
     */
    record Item(String sku, int qty, boolean settled, Details details) {

        static final String SKU = "sku";
        static final String QTY = "qty";
        static final String SETTLED = "settled";
        static final String DETAILS = "details";

        long amount() {
            return qty * details.unitPrice();
        }

        /** The key of the product this line's variant belongs to. */
        String product() {
            return details.product();
        }
    }

    /**
     * What a line copied from the catalog when it was made; never changed afterwards: the product's
     * title and type, the variant's price, the product's key ({@code product}) and the variant's
     * option values ({@code options}, in the product's order). A line of a product without options,
     * and every line made before variants, is its product: the codec then stores no
     * {@code product} (it reads as the line's sku) and no {@code options} (empty).
     */
    record Details(String title, String type, long unitPrice, String currency, String product, Map<String, String> options) {

        static final String TITLE = "title";
        static final String TYPE = "type";
        static final String UNIT_PRICE = "unit_price";
        static final String CURRENCY = "currency";
        static final String PRODUCT = "product";
        static final String OPTIONS = "options";

        Details {
            options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
        }
    }

    /**
     * A checkout attempt, one per Idempotency-Key: {@code amount}, {@code currency} and the payment
     * {@code method} as locked; {@code charge_id} once approved, {@code reason} once declined or
     * abandoned, {@code finished} once it ended.
     */
    record Attempt(String key, CheckoutState state, long amount, String currency, String method, String chargeId, String reason,
                   Date started, Date finished) {

        static final String KEY = "key";
        static final String STATE = "state";
        static final String AMOUNT = "amount";
        static final String CURRENCY = "currency";
        static final String METHOD = "method";
        static final String CHARGE_ID = "charge_id";
        static final String REASON = "reason";
        static final String STARTED = "started";
        static final String FINISHED = "finished";

        /** A new attempt, pending from {@code now}. */
        static Attempt pending(String key, long amount, String currency, String method, Date now) {
            return new Attempt(key, CheckoutState.PENDING, amount, currency, method, null, null, now, null);
        }
    }
}

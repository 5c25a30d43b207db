package com.example.shop.cart.checkout;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.cart.CartReader;
import com.example.shop.cart.cart.CartStatus;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.config.FaultInjection;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.inventory.Reservations;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.HashSet;
import java.util.Set;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The ends of a checkout, shared by the request and the stalled-checkout job. Each end is one
 * update of the cart guarded by {@code status: pending} and the checkout attempt
 * ({@code checkouts: {$elemMatch: {key, state: pending}}}), so only one of them ever happens.
 * <ul>
 * <li><b>approve</b>: pending → complete ({@code settled: false}), then {@link #finalizeSale}.</li>
 * <li><b>decline / abandon</b>: pending → active; the reservations were never touched, the
 * customer keeps the cart.</li>
 * <li><b>finalizeSale</b>: per line not yet {@code settled}, {@link Reservations#sell} pulls the
 * cart's entry and counts the line's qty as sold (one update, guarded on the entry), then marks the
 * line settled; finally the cart is {@code settled}. Re-running it after a crash sells nothing twice:
 * a sold entry is gone, so a second sell finds nothing.</li>
 * </ul>
 */
@Singleton
public class SettleCheckout {

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);

    private final MongoCollection<Document> carts;
    private final Reservations reservations;
    private final FaultInjection faults;

    @Inject
    public SettleCheckout(CartDatabase database, Reservations reservations, FaultInjection faults) {
        this.carts = database.carts();
        this.reservations = reservations;
        this.faults = faults;
    }

    /**
     * Approves the pending attempt under {@code key} and finishes the sale. Returns the cart as it
     * is afterwards, or null when the attempt was not pending any more (the other end won).
     */
    public Document approve(String cartId, String key, String chargeId) {
        Date now = new Date();
        Document completed = carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set("status", CartStatus.COMPLETE), set("settled", false), set("checkouts.$.state", "approved"),
                        set("checkouts.$.charge_id", chargeId), set("checkouts.$.finished", now),
                        set("last_modified", now), inc("version", 1L)), AFTER);
        if (completed == null) {
            return null;
        }
        faults.at(FaultInjection.Point.AFTER_COMPLETE);
        Document settled = finalizeSale(completed);
        return settled == null ? completed : settled;
    }

    /**
     * Ends the pending attempt under {@code key} as {@code state} (declined or abandoned); the cart
     * is active again with its reservations. Returns the cart as written, or null when the attempt
     * was not pending any more.
     */
    public Document decline(String cartId, String key, String state, String reason) {
        Date now = new Date();
        return carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set("status", CartStatus.ACTIVE), set("checkouts.$.state", state),
                        set("checkouts.$.reason", reason), set("checkouts.$.finished", now),
                        set("last_modified", now), inc("version", 1L)), AFTER);
    }

    /** Turns a complete cart's reservations into sales; idempotent. Returns the units sold now. */
    public long finalizeSale(String cartId) {
        Document cart = carts.find(eq("_id", cartId)).first();
        long[] sold = {0};
        finalizeSale(cart, sold);
        return sold[0];
    }

    /** As {@link #finalizeSale(String)} on a cart just read; returns the cart settled, or null if there was nothing to do. */
    private Document finalizeSale(Document cart) {
        return finalizeSale(cart, new long[1]);
    }

    private Document finalizeSale(Document cart, long[] soldOut) {
        if (cart == null || !CartStatus.COMPLETE.equals(cart.getString("status")) || Boolean.TRUE.equals(cart.getBoolean("settled"))) {
            return null;
        }
        String cartId = cart.getString("_id");
        long sold = 0;
        Set<String> lines = new HashSet<>();
        for (Document item : Docs.list(cart, "items")) {
            String sku = item.getString("sku");
            lines.add(sku);
            if (Boolean.TRUE.equals(item.getBoolean("settled"))) {
                continue;
            }
            sold += reservations.sell(sku, cartId, Docs.num(item, "qty"));
            carts.updateOne(and(eq("_id", cartId), eq("items.sku", sku)), set("items.$.settled", true));
        }
        // an entry for a sku without a line (a crashed add's over-reservation) is not sold: return it
        for (Document inventory : reservations.heldBy(cartId)) {
            String sku = inventory.getString("_id");
            if (!lines.contains(sku)) {
                reservations.releaseAll(sku, cartId, "checkout-excess");
            }
        }
        soldOut[0] = sold;
        return carts.findOneAndUpdate(and(eq("_id", cartId), eq("status", CartStatus.COMPLETE)), set("settled", true), AFTER);
    }

    public static Document attempt(Document cart, String key) {
        for (Document checkout : Docs.list(cart, "checkouts")) {
            if (key.equals(checkout.getString("key"))) {
                return checkout;
            }
        }
        return null;
    }

    public static Document pendingAttempt(Document cart) {
        for (Document checkout : Docs.list(cart, "checkouts")) {
            if ("pending".equals(checkout.getString("state"))) {
                return checkout;
            }
        }
        return null;
    }

    private static Bson pendingAttempt(String cartId, String key) {
        return and(eq("_id", cartId), eq("status", CartStatus.PENDING),
                elemMatch("checkouts", and(eq("key", key), eq("state", "pending"))));
    }

    static long amount(Document cart) {
        return CartReader.totalAmount(cart);
    }
}

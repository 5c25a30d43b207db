package com.example.shop.cart.carts;

import static com.example.shop.cart.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.CrashPoints;
import com.example.shop.cart.CrashPoints.CrashPoint;
import com.example.shop.cart.inventory.Reservations;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Date;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The ends of a checkout, shared by the request ({@link Checkout}) and the stalled-checkout job
 * ({@link ResolveCheckouts}). Each end is one update of the cart guarded by {@code status: pending}
 * and the checkout attempt ({@code checkouts: {$elemMatch: {key, state: pending}}}), so only one of
 * them ever happens.
 * <ul>
 * <li><b>approve</b>: pending → complete ({@code settled: false}), then {@link #finalizeSale}.</li>
 * <li><b>decline / abandon</b>: pending → active; the reservations were never touched, the
 * customer keeps the cart.</li>
 * <li><b>finalizeSale</b>: per line not yet {@code settled}, {@link Reservations#sell} moves the
 * line's qty from the cart's reservation to the sku's sold units, then the line is marked settled;
 * finally the cart is {@code settled}. Re-running it after a crash sells nothing twice: the sale's
 * move is named after the cart and sku, so a second run resumes it, and each of its steps is
 * guarded by its mark. What the cart holds beyond its lines (a crashed add's over-reservation) is
 * journalled with that add, and the cleanup returns it once the cart is settled.</li>
 * </ul>
 */
@ApplicationScoped
public class SettleCheckout {

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);

    private final MongoCollection<Document> carts;
    private final Reservations reservations;
    private final CrashPoints crashPoints;

    SettleCheckout(CartsStore store, Reservations reservations, CrashPoints crashPoints) {
        this.carts = store.carts();
        this.reservations = reservations;
        this.crashPoints = crashPoints;
    }

    /**
     * Approves the pending attempt under {@code key} and finishes the sale. Returns the cart as it
     * is afterwards, or null when the attempt was not pending any more (the other end won).
     */
    Document approve(String cartId, String key, String chargeId) {
        Date now = new Date();
        Document completed = carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set("status", CartStatus.COMPLETE.wire()), set("settled", false),
                        set("checkouts.$.state", CheckoutState.APPROVED.wire()),
                        set("checkouts.$.charge_id", chargeId), set("checkouts.$.finished", now),
                        set("last_modified", now), inc("version", 1L)), AFTER);
        if (completed == null) {
            return null;
        }
        crashPoints.reached(CrashPoint.AFTER_COMPLETE);
        Document settled = finalizeSale(completed, new long[1]);
        return settled == null ? completed : settled;
    }

    /**
     * Ends the pending attempt under {@code key} as {@code state} (declined or abandoned); the cart
     * is active again with its reservations. Returns the cart as written, or null when the attempt
     * was not pending any more.
     */
    Document decline(String cartId, String key, CheckoutState state, String reason) {
        Date now = new Date();
        return carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set("status", CartStatus.ACTIVE.wire()), set("checkouts.$.state", state.wire()),
                        set("checkouts.$.reason", reason), set("checkouts.$.finished", now),
                        set("last_modified", now), inc("version", 1L)), AFTER);
    }

    /** Turns a complete cart's reservations into sales; idempotent. Returns the units sold now. */
    long finalizeSale(String cartId) {
        Document cart = carts.find(eq("_id", cartId)).first();
        long[] sold = {0};
        finalizeSale(cart, sold);
        return sold[0];
    }

    /** Returns the cart settled, or null if there was nothing to do; adds the units sold to {@code soldOut[0]}. */
    private Document finalizeSale(Document cart, long[] soldOut) {
        if (cart == null || StoredCart.status(cart) != CartStatus.COMPLETE || Boolean.TRUE.equals(cart.getBoolean("settled"))) {
            return null;
        }
        String cartId = cart.getString("_id");
        long sold = 0;
        for (Document item : StoredCart.lines(cart)) {
            String sku = item.getString("sku");
            if (Boolean.TRUE.equals(item.getBoolean("settled"))) {
                continue;
            }
            Reservations.Sale sale = reservations.sell(sku, cartId, number(item, "qty"));
            sold += sale.units();
            carts.updateOne(and(eq("_id", cartId), eq("items.sku", sku)), set("items.$.settled", true));
            reservations.settle(sale.move());
        }
        soldOut[0] = sold;
        return carts.findOneAndUpdate(and(eq("_id", cartId), eq("status", CartStatus.COMPLETE.wire())), set("settled", true), AFTER);
    }

    private static Bson pendingAttempt(String cartId, String key) {
        return and(eq("_id", cartId), eq("status", CartStatus.PENDING.wire()),
                elemMatch("checkouts", and(eq("key", key), eq("state", CheckoutState.PENDING.wire()))));
    }
}

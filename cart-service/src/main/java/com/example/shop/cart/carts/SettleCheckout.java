package com.example.shop.cart.carts;

import com.example.shop.cart.CrashPoints;
import com.example.shop.cart.CrashPoints.CrashPoint;
import com.example.shop.cart.inventory.Reservations;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

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
@Singleton
public record SettleCheckout(CartsStore store, Reservations reservations, CrashPoints crashPoints) {

    /**
     * Approves the pending attempt under {@code key} and finishes the sale. Returns the cart as it
     * is afterwards, or null when the attempt was not pending any more (the other end won).
     */
    StoredCart approve(String cartId, String key, String chargeId) {
        Date now = new Date();
        StoredCart completed = store.approve(cartId, key, chargeId, now);
        if (completed == null) {
            return null;
        }
        crashPoints.reached(CrashPoint.AFTER_COMPLETE);
        StoredCart settled = finalizeSale(completed, new long[1]);
        return settled == null ? completed : settled;
    }

    /**
     * Ends the pending attempt under {@code key} as {@code state} (declined or abandoned); the cart
     * is active again with its reservations. Returns the cart as written, or null when the attempt
     * was not pending any more.
     */
    StoredCart decline(String cartId, String key, CheckoutState state, String reason) {
        Date now = new Date();
        return store.release(cartId, key, state, reason, now);
    }

    /** Turns a complete cart's reservations into sales; idempotent. Returns the units sold now. */
    long finalizeSale(String cartId) {
        StoredCart cart = store.find(cartId);
        long[] sold = {0};
        finalizeSale(cart, sold);
        return sold[0];
    }

    /** Returns the cart settled, or null if there was nothing to do; adds the units sold to {@code soldOut[0]}. */
    private StoredCart finalizeSale(StoredCart cart, long[] soldOut) {
        if (cart == null || cart.status() != CartStatus.COMPLETE || cart.settled()) {
            return null;
        }
        String cartId = cart.id();
        long sold = 0;
        boolean busy = false;
        for (StoredCart.Item item : cart.items()) {
            if (item.settled()) {
                continue;
            }
            Optional<Reservations.Sale> sale = reservations.sell(item.sku(), cartId, item.qty());
            if (sale.isEmpty()) {
                busy = true; // the cleanup is finishing this line's sale: the next resolve-checkouts marks it
                continue;
            }
            sold += sale.get().units();
            store.settleLine(cartId, item.sku());
            reservations.settle(sale.get().move());
        }
        soldOut[0] = sold;
        if (busy) {
            return null;
        }
        return store.settle(cartId);
    }
}

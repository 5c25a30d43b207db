package com.example.shop.cart.carts;

import com.example.shop.cart.CartSeam;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

/**
 * The ends of a checkout, shared by the request ({@link Checkout}) and the stalled-checkout job
 * ({@link ResolveCheckouts}): each one update of the cart guarded by its pending attempt, so only one
 * ever happens. Approve completes the cart and finishes its sale, line by line, each sold by a move
 * named after the cart and sku, so a re-run after a crash resumes it and sells nothing twice; decline
 * or abandon makes the cart active again with its reservations. See docs/design.md, Carts and checkout.
 */
@Singleton
public record SettleCheckout(CartsStore store, Reservations reservations, Seams seams) {

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
        seams.reached(CartSeam.AFTER_COMPLETE);
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

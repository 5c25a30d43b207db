package com.example.shop.cart.carts;

import com.example.shop.cart.CartSeam;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.orders.NewOrder;
import com.example.shop.cart.orders.OrderReceipt;
import com.example.shop.cart.orders.PlaceOrder;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The ends of a checkout, shared by the request ({@link Checkout}) and the stalled-checkout job
 * ({@link ResolveCheckouts}): each one update of the cart guarded by its pending attempt, so only one
 * ever happens. Approve completes the cart and finishes its sale, line by line, each sold by a move
 * named after the cart and sku, so a re-run after a crash resumes it and sells nothing twice; then it
 * makes the cart's order ({@link PlaceOrder}, once whoever finishes) and marks the cart settled.
 * Decline or abandon makes the cart active again with its reservations. See docs/design.md, Carts and
 * checkout, and Orders.
 */
@Singleton
public record SettleCheckout(CartsStore store, Reservations reservations, PlaceOrder orders, Seams seams) {

    private static final Logger LOG = Logger.getLogger(SettleCheckout.class);

    /** How a checkout ended: the cart as written and, once made, its order (null while it is not). */
    record Ended(StoredCart cart, OrderReceipt order) {
    }

    /**
     * Approves the pending attempt under {@code key}, finishes the sale and makes the order (with a
     * token when {@code forShopper}). Returns the cart as it is afterwards, or null when the attempt
     * was not pending any more (the other end won).
     */
    Ended approve(String cartId, String key, String chargeId, boolean forShopper) {
        Date now = new Date();
        StoredCart completed = store.approve(cartId, key, chargeId, now);
        if (completed == null) {
            return null;
        }
        seams.reached(CartSeam.AFTER_COMPLETE);
        Ended settled = finalizeSale(completed, new long[1], forShopper, false);
        return settled == null ? new Ended(completed, null) : settled;
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

    /** Turns a complete cart's reservations into sales and makes its order; idempotent. Returns the units sold now. */
    long finalizeSale(String cartId) {
        StoredCart cart = store.find(cartId);
        long[] sold = {0};
        finalizeSale(cart, sold, false, true);
        return sold[0];
    }

    /**
     * Returns the cart settled with its order, or null if there was nothing to do or a line is busy;
     * adds the units sold to {@code soldOut[0]}. {@code resumed}: an earlier run may have made the order.
     */
    private Ended finalizeSale(StoredCart cart, long[] soldOut, boolean forShopper, boolean resumed) {
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
        seams.reached(CartSeam.AFTER_SALE);
        // The order after the sale: an order's units are sold, so a cancel can always give them back.
        OrderReceipt order = null;
        StoredCart.Attempt approved = cart.approvedAttempt();
        if (approved == null) {
            LOG.errorf("Cart %s is complete without an approved checkout: it has no order", cartId);
        } else {
            order = orders.place(newOrder(cart, approved), forShopper, resumed);
            seams.reached(CartSeam.AFTER_ORDER);
        }
        StoredCart settled = store.settle(cartId);
        return new Ended(settled == null ? cart : settled, order);
    }

    /** The order of a complete cart: its lines as sold, placed when its payment was approved. */
    private static NewOrder newOrder(StoredCart cart, StoredCart.Attempt approved) {
        Instant placed = (approved.finished() != null ? approved.finished() : cart.lastModified()).toInstant();
        return new NewOrder(cart.id(), approved.key(), placed, approved.currency(), approved.amount(), approved.method(),
                approved.chargeId(), cart.items().stream().map(item -> new NewOrder.SoldLine(item.sku(), item.details().title(),
                item.details().type(), item.product(), item.details().options(), item.details().unitPrice(), item.qty())).toList());
    }
}

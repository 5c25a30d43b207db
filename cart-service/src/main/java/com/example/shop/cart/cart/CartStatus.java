package com.example.shop.cart.cart;

/**
 * The cart states of the book. Reservations are held by carts that are {@link #ACTIVE},
 * {@link #PENDING} (checkout running) or {@link #EXPIRING} (expiry running); never by
 * {@link #EXPIRED} or {@link #COMPLETE} ones once the jobs have run.
 */
public final class CartStatus {

    public static final String ACTIVE = "active";
    public static final String PENDING = "pending";
    public static final String EXPIRING = "expiring";
    public static final String EXPIRED = "expired";
    public static final String COMPLETE = "complete";

    private CartStatus() {
    }
}

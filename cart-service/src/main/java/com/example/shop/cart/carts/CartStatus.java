package com.example.shop.cart.carts;

import java.util.Arrays;

/**
 * The cart states of the book, stored and shown in lower case ({@link #wire()}). Reservations are
 * held by carts that are {@link #ACTIVE}, {@link #PENDING} (checkout running) or {@link #EXPIRING}
 * (expiry running); never by {@link #EXPIRED} or {@link #COMPLETE} ones once the jobs have run.
 */
public enum CartStatus {
    ACTIVE,
    PENDING,
    EXPIRING,
    EXPIRED,
    COMPLETE;

    /** As stored in {@code cart.status} and shown in the cart view. */
    public String wire() {
        return name().toLowerCase();
    }

    /** The status of a stored cart. */
    static CartStatus fromWire(String stored) {
        return Arrays.stream(values()).filter(status -> status.wire().equals(stored)).findFirst()
                .orElseThrow(() -> new IllegalStateException("a cart with the unknown status " + stored));
    }
}

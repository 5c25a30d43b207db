package com.example.shop.cart.carts;

import com.example.shop.web.WireName;

/**
 * The cart states of the book, stored and shown in lower case ({@link #wire()}). Reservations are
 * held by carts that are {@link #ACTIVE}, {@link #PENDING} (checkout running) or {@link #EXPIRING}
 * (expiry running); never by {@link #EXPIRED} or {@link #COMPLETE} ones once the jobs have run.
 */
public enum CartStatus implements WireName {
    ACTIVE,
    PENDING,
    EXPIRING,
    EXPIRED,
    COMPLETE;
}

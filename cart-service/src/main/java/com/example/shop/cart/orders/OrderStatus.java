package com.example.shop.cart.orders;

import com.example.shop.web.WireName;

/**
 * Where an order is, stored and shown in lower case ({@link #wire()}): {@link #PLACED} once paid,
 * then {@link #FULFILLED} (shipped) or {@link #CANCELLED} (its units back in stock, its payment
 * refunded), and no further.
 */
public enum OrderStatus implements WireName {
    PLACED,
    FULFILLED,
    CANCELLED;
}

package com.example.shop.cart.carts;

import com.example.shop.web.WireName;

/**
 * Where a checkout attempt ({@code cart.checkouts[]}, one per Idempotency-Key) is, stored and shown
 * in lower case ({@link #wire()}): {@link #PENDING} from the lock until the payment's outcome is
 * known; then {@link #APPROVED}, {@link #DECLINED}, or {@link #ABANDONED} when the outcome never
 * arrived and the stalled-checkout job released the cart.
 */
public enum CheckoutState implements WireName {
    PENDING,
    APPROVED,
    DECLINED,
    ABANDONED;
}

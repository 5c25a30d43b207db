package com.example.shop.cart.carts;

import com.example.shop.web.WireName;
import java.util.Locale;

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

    private final String wire = name().toLowerCase(Locale.ROOT);

    /** As stored in {@code checkouts.state} and shown as {@code payment} in the checkout answer. */
    @Override
    public String wire() {
        return wire;
    }
}

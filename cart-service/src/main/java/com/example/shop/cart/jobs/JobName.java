package com.example.shop.cart.jobs;

import com.example.shop.web.WireName;
import java.util.Locale;

/** The jobs an admin can start and the scheduler runs; stored and shown as their path names. */
public enum JobName implements WireName {
    EXPIRE_CARTS,
    CLEANUP_INVENTORY,
    RESOLVE_CHECKOUTS;

    private final String wire = name().toLowerCase(Locale.ROOT).replace('_', '-');

    /** The name in lower case with dashes ({@code expire-carts}). */
    @Override
    public String wire() {
        return wire;
    }
}

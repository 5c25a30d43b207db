package com.example.shop.cart.jobs;

import com.example.shop.web.WireName;
import java.util.Locale;

/** The jobs an admin can start and the scheduler runs; stored and shown as their path names. */
public enum JobName implements WireName {
    EXPIRE_CARTS,
    CLEANUP_INVENTORY,
    RESOLVE_CHECKOUTS;

    /** The name in lower case with dashes ({@code expire-carts}). */
    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

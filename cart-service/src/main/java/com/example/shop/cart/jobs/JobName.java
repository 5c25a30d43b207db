package com.example.shop.cart.jobs;

import com.example.shop.web.WireName;

/** The jobs an admin can start and the scheduler runs; stored and shown as their path names. */
public enum JobName implements WireName.Dashed {
    EXPIRE_CARTS,
    CLEANUP_INVENTORY,
    RESOLVE_CHECKOUTS,
    /** The webhook sender: fans events out and delivers them, until it has had nothing to do for a while. */
    SEND_WEBHOOKS,
    /** The {@code product.changed} follower: reads the catalog's product changes while a subscription wants them. */
    FOLLOW_PRODUCT_CHANGES;
}

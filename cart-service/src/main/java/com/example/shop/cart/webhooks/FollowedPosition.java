package com.example.shop.cart.webhooks;

import java.util.Date;

/**
 * How far the {@code product.changed} follower has read the catalog's product changes: the
 * catalog database's epoch and the revision reached, when it was saved.
 * <pre>
 * webhook_positions { _id: "product-changes", epoch, reached, at }
 * </pre>
 */
record FollowedPosition(String epoch, long reached, Date at) {

    static final String ID = "_id";
    static final String PRODUCT_CHANGES = "product-changes";
    static final String EPOCH = "epoch";
    static final String REACHED = "reached";
    static final String AT = "at";
}

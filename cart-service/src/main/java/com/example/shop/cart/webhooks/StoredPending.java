package com.example.shop.cart.webhooks;

import com.example.shop.web.leases.LeaseStore;
import java.util.Date;

/**
 * A delivery waiting to be sent, due at {@code due_at}, claimed by a sender while it sends it
 * (a {@code LeaseStore.onDocuments} lease: {@code holder}, {@code expires_at}).
 * <pre>
 * webhook_pending { _id: delivery id, subscription, due_at, holder?, expires_at? }
 * </pre>
 * Removed once the delivery succeeds or fails for good; a claim a dead sender left runs out, and the
 * delivery is sent again. Read and written by {@link StoredPendingCodec}.
 */
record StoredPending(String id, String subscription, Date dueAt, String holder, Date expiresAt) {

    static final String ID = "_id";
    static final String SUBSCRIPTION = "subscription";
    static final String DUE_AT = "due_at";
    static final String HOLDER = LeaseStore.HOLDER;
    static final String EXPIRES_AT = LeaseStore.EXPIRES_AT;
}

package com.example.shop.cart.webhooks;

import java.util.Date;
import java.util.List;

/**
 * A subscription: where to send which events, signed with which secret.
 * <pre>
 * webhook_subscriptions { _id: ObjectId hex, url, events: [type], secret: "whsec_…", enabled, created_at, updated_at, version }
 * </pre>
 * {@code version} moves with every change, which is guarded on it. Read and written by
 * {@link StoredSubscriptionCodec}.
 */
record StoredSubscription(String id, String url, List<WebhookEventType> events, String secret, boolean enabled,
                          Date createdAt, Date updatedAt, long version) {

    static final String ID = "_id";
    static final String URL = "url";
    static final String EVENTS = "events";
    static final String SECRET = "secret";
    static final String ENABLED = "enabled";
    static final String CREATED_AT = "created_at";
    static final String UPDATED_AT = "updated_at";
    static final String VERSION = "version";

    StoredSubscription {
        events = List.copyOf(events);
    }

    boolean wants(WebhookEventType type) {
        return enabled && events.contains(type);
    }
}

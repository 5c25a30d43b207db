package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Sorts;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * {@code webhook_subscriptions}: one {@link StoredSubscription} each, a few per deployment, read
 * whole by the sender at each round. A change replaces the document guarded on its {@code version}.
 */
@Singleton
public record SubscriptionStore(MongoCollection<StoredSubscription> subscriptions) {

    private static final String WEBHOOK_SUBSCRIPTIONS = "webhook_subscriptions";

    @Inject
    public SubscriptionStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_SUBSCRIPTIONS, new StoredSubscriptionCodec()));
    }

    void insert(StoredSubscription subscription) {
        subscriptions.insertOne(subscription);
    }

    StoredSubscription find(String id) {
        return subscriptions.find(eq(StoredSubscription.ID, id)).first();
    }

    /** Every subscription. */
    List<StoredSubscription> all() {
        return subscriptions.find().into(new ArrayList<>());
    }

    /** Whether an enabled subscription wants events of this type. */
    boolean anyWants(WebhookEventType type) {
        return subscriptions.find(and(eq(StoredSubscription.ENABLED, true), eq(StoredSubscription.EVENTS, type.wire())))
                .limit(1).first() != null;
    }

    /** Subscriptions in id order after {@code afterId} (from the first when null), at most {@code limit}. */
    List<StoredSubscription> page(String afterId, int limit) {
        return subscriptions.find(afterId == null ? new Document() : gt(StoredSubscription.ID, afterId))
                .sort(Sorts.ascending(StoredSubscription.ID)).limit(limit).into(new ArrayList<>());
    }

    /** Replaces the subscription if it is still at {@code observedVersion}; false when it changed or went meanwhile. */
    boolean replace(StoredSubscription changed, long observedVersion) {
        return subscriptions.replaceOne(and(eq(StoredSubscription.ID, changed.id()), eq(StoredSubscription.VERSION, observedVersion)),
                changed).getMatchedCount() == 1;
    }

    boolean delete(String id) {
        return subscriptions.deleteOne(eq(StoredSubscription.ID, id)).getDeletedCount() == 1;
    }
}

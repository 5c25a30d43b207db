package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.pushEach;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.PushOptions;
import com.mongodb.client.model.Sorts;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * {@code webhook_deliveries}: one {@link StoredDelivery} per event and subscription, the record of
 * its state and attempts that the delivery log shows. What is due is kept apart, in
 * {@link PendingStore}, so that the sender never reads the log.
 */
@Singleton
public record DeliveryStore(MongoCollection<StoredDelivery> deliveries, MongoCollection<StoredDelivery> steps) implements FeatureIndexes {

    private static final String WEBHOOK_DELIVERIES = "webhook_deliveries";
    private static final PushOptions LAST_ATTEMPTS = new PushOptions().slice(-StoredDelivery.KEPT_ATTEMPTS);

    @Inject
    public DeliveryStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_DELIVERIES, new StoredDeliveryCodec()));
    }

    /**
     * The sender's writes are steps ({@link ServiceDatabase#STEPS}): of a fan-out, which the outbox's
     * removal ends, and of recording an attempt, which the pending entry's removal or new due time ends.
     */
    private DeliveryStore(MongoCollection<StoredDelivery> deliveries) {
        this(deliveries, deliveries.withWriteConcern(ServiceDatabase.STEPS));
    }

    @Override
    public List<RequiredIndex> indexes() {
        // pruned by age
        return List.of(RequiredIndex.on(WEBHOOK_DELIVERIES, Indexes.ascending(StoredDelivery.CREATED_AT),
                new IndexOptions().name("created_at")));
    }

    /** The delivery as stored: {@code delivery} just inserted, or the one with its id that was there. */
    StoredDelivery insertOrFind(StoredDelivery delivery) {
        try {
            steps.insertOne(delivery);
            return delivery;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            StoredDelivery found = find(delivery.id());
            return found == null ? delivery : found;
        }
    }

    StoredDelivery find(String id) {
        return deliveries.find(eq(StoredDelivery.ID, id)).first();
    }

    /** The subscription's deliveries after {@code afterId} (from the newest when null), newest first, at most {@code limit}. */
    List<StoredDelivery> page(String subscription, String afterId, int limit) {
        Bson range = new Document(StoredDelivery.ID, new Document("$gt", afterId == null ? StoredDelivery.prefixOf(subscription) : afterId)
                .append("$lt", subscription + StoredDelivery.RANGE_END));
        return deliveries.find(range).sort(Sorts.ascending(StoredDelivery.ID)).limit(limit).into(new ArrayList<>());
    }

    /** An attempt answered 2xx: the delivery succeeded. */
    void succeeded(String id, StoredDelivery.Attempt attempt) {
        steps.updateOne(eq(StoredDelivery.ID, id), combine(attempted(attempt), set(StoredDelivery.STATE, DeliveryState.SUCCEEDED.wire()),
                set(StoredDelivery.FINISHED_AT, attempt.at()), unset(StoredDelivery.NEXT_AT)));
    }

    /** An attempt failed; the next is due at {@code nextAt}. */
    void retryAt(String id, StoredDelivery.Attempt attempt, Date nextAt) {
        steps.updateOne(eq(StoredDelivery.ID, id), combine(attempted(attempt), set(StoredDelivery.NEXT_AT, nextAt)));
    }

    /** No more attempts: the last failed past the retry window ({@code attempt} not null), or it can no longer be sent. */
    void failed(String id, StoredDelivery.Attempt attempt, Date now) {
        Bson finished = combine(set(StoredDelivery.STATE, DeliveryState.FAILED.wire()), set(StoredDelivery.FINISHED_AT, now),
                unset(StoredDelivery.NEXT_AT));
        steps.updateOne(eq(StoredDelivery.ID, id), attempt == null ? finished : combine(attempted(attempt), finished));
    }

    /** Pending again, due now, its retry window starting now (a redelivery). False when there is no such delivery. */
    boolean reopen(String id, Date now) {
        return deliveries.updateOne(eq(StoredDelivery.ID, id), combine(set(StoredDelivery.STATE, DeliveryState.PENDING.wire()),
                set(StoredDelivery.RETRY_FROM, now), set(StoredDelivery.NEXT_AT, now), unset(StoredDelivery.FINISHED_AT)))
                .getMatchedCount() == 1;
    }

    void deleteOfSubscription(String subscription) {
        deliveries.deleteMany(eq(StoredDelivery.SUBSCRIPTION, subscription));
    }

    /** Removes the deliveries made before {@code before} that are no longer pending; how many. */
    long prune(Date before) {
        return deliveries.deleteMany(and(lt(StoredDelivery.CREATED_AT, before),
                new Document(StoredDelivery.STATE, new Document("$ne", DeliveryState.PENDING.wire())))).getDeletedCount();
    }

    private static Bson attempted(StoredDelivery.Attempt attempt) {
        return combine(inc(StoredDelivery.ATTEMPT_COUNT, 1L),
                pushEach(StoredDelivery.ATTEMPTS, List.of(StoredDeliveryCodec.attempt(attempt)), LAST_ATTEMPTS));
    }
}

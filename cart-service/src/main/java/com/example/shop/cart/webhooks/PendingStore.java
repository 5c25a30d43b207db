package com.example.shop.cart.webhooks;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Filters.nin;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.example.shop.web.leases.LeaseStore;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOptions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.conversions.Bson;

/**
 * {@code webhook_pending}: the deliveries to send ({@link StoredPending}), each claimed with a lease
 * while a sender sends it ({@link LeaseStore#onDocuments}), so that a sender killed mid-request
 * leaves the claim to run out and the delivery is sent again. Small: only what is not yet done.
 */
@Singleton
public record PendingStore(MongoCollection<StoredPending> pending, MongoCollection<StoredPending> steps, LeaseStore claims)
        implements FeatureIndexes {

    private static final String WEBHOOK_PENDING = "webhook_pending";
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

    @Inject
    public PendingStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, WEBHOOK_PENDING, new StoredPendingCodec()));
    }

    /**
     * The fan-out's entries and the claims are steps ({@link ServiceDatabase#STEPS}): a claim lost with
     * the database is a delivery sent again, and the entry's removal or new due time, journalled, ends
     * the recording of an attempt.
     */
    private PendingStore(MongoCollection<StoredPending> pending) {
        this(pending, pending.withWriteConcern(ServiceDatabase.STEPS));
    }

    private PendingStore(MongoCollection<StoredPending> pending, MongoCollection<StoredPending> steps) {
        this(pending, steps, LeaseStore.onDocuments(steps));
    }

    @Override
    public List<RequiredIndex> indexes() {
        // what is due for one subscription, oldest first
        return List.of(RequiredIndex.on(WEBHOOK_PENDING, Indexes.ascending(StoredPending.SUBSCRIPTION, StoredPending.DUE_AT),
                new IndexOptions().name("subscription_due_at")));
    }

    /** The delivery waits, due at {@code dueAt}, unless it waits already (then as it was). */
    void add(String id, String subscription, Date dueAt) {
        steps.updateOne(eq(StoredPending.ID, id), combine(setOnInsert(StoredPending.SUBSCRIPTION, subscription),
                setOnInsert(StoredPending.DUE_AT, dueAt)), UPSERT);
    }

    /** The delivery waits, due now, whether it waited or not (a redelivery). */
    void dueNow(String id, String subscription, Date now) {
        pending.updateOne(eq(StoredPending.ID, id), combine(setOnInsert(StoredPending.SUBSCRIPTION, subscription),
                set(StoredPending.DUE_AT, now)), UPSERT);
    }

    /** The subscription's deliveries due by {@code now} and not claimed, oldest first, at most {@code limit}. */
    List<StoredPending> due(String subscription, Date now, int limit) {
        return pending.find(and(eq(StoredPending.SUBSCRIPTION, subscription), lte(StoredPending.DUE_AT, now), unclaimed(now)))
                .sort(Sorts.ascending(StoredPending.DUE_AT)).limit(limit).into(new ArrayList<>());
    }

    /** Whether any delivery is due by {@code now} and not claimed. */
    boolean anyDue(Date now) {
        return pending.find(and(lte(StoredPending.DUE_AT, now), unclaimed(now))).limit(1).first() != null;
    }

    /** Claims the delivery for {@code holder} for {@code term}; false when another holds it or it is gone. */
    boolean claim(String id, String holder, Duration term, Instant now) {
        return claims.take(id, holder, term, now).isPresent();
    }

    /** The holder's delivery is due again at {@code dueAt}, unclaimed. */
    void retryAt(String id, String holder, Date dueAt) {
        pending.updateOne(and(eq(StoredPending.ID, id), eq(StoredPending.HOLDER, holder)),
                combine(set(StoredPending.DUE_AT, dueAt), unset(StoredPending.HOLDER), unset(StoredPending.EXPIRES_AT)));
    }

    /** The holder's delivery is done (succeeded or failed for good). */
    void remove(String id, String holder) {
        pending.deleteOne(and(eq(StoredPending.ID, id), eq(StoredPending.HOLDER, holder)));
    }

    void deleteOfSubscription(String subscription) {
        pending.deleteMany(eq(StoredPending.SUBSCRIPTION, subscription));
    }

    /** Removes the deliveries of every subscription but these (one deleted while its events were fanned out). */
    void removeOutside(List<String> subscriptions) {
        pending.deleteMany(nin(StoredPending.SUBSCRIPTION, subscriptions));
    }

    private static Bson unclaimed(Date now) {
        return or(eq(StoredPending.EXPIRES_AT, null), lt(StoredPending.EXPIRES_AT, now));
    }
}

package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.UpdateOptions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.conversions.Bson;

/**
 * The availability transitions the catalog is to hear of, {@code availability_outbox} (at most one
 * per sku, the newest not yet delivered), and what it acknowledged last, {@code availability_listed}:
 * {@link StoredAvailability}s. A record only replaces an older one: each write is an upsert guarded
 * by {@code rev < n}, and a duplicate key means a record as new or newer is there.
 */
@Singleton
public record AvailabilityStore(MongoCollection<StoredAvailability> outbox, MongoCollection<StoredAvailability> listed) {

    /** Availability transitions (sold out, available again) not yet delivered to the catalog, one per sku. */
    private static final String AVAILABILITY_OUTBOX = "availability_outbox";
    /** The availability the catalog last acknowledged per sku (skus never reported sold out have none). */
    private static final String AVAILABILITY_LISTED = "availability_listed";
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public AvailabilityStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, AVAILABILITY_OUTBOX, new StoredAvailabilityCodec()),
                ServiceDatabase.collection(database, AVAILABILITY_LISTED, new StoredAvailabilityCodec()));
    }

    /** Records the sku's state at {@code rev} in the outbox, unless a record as new or newer is there. */
    void recordIfNewer(String sku, boolean soldOut, long rev, Date at) {
        upsertIfNewer(outbox, sku, rev,
                combine(set(StoredAvailability.SOLD_OUT, soldOut), set(StoredAvailability.REV, rev), set(StoredAvailability.AT, at)));
    }

    /** The transitions waiting to be delivered, at most {@code limit}. */
    List<StoredAvailability> pending(int limit) {
        return outbox.find().limit(limit).into(new ArrayList<>());
    }

    /** Remembers the transition as acknowledged by the catalog, unless a newer acknowledgement is there. */
    void acknowledge(StoredAvailability transition) {
        upsertIfNewer(listed, transition.sku(), transition.rev(),
                combine(set(StoredAvailability.SOLD_OUT, transition.soldOut()), set(StoredAvailability.REV, transition.rev())));
    }

    /** Removes the outbox record of the transition, unless a newer one replaced it meanwhile. */
    void removeDelivered(StoredAvailability transition) {
        outbox.deleteOne(and(eq(StoredAvailability.SKU, transition.sku()), eq(StoredAvailability.REV, transition.rev())));
    }

    /** Whether the catalog last acknowledged each of these skus as sold out, by sku (absent: never acknowledged). */
    Map<String, Boolean> acknowledgedSoldOut(Collection<String> skus) {
        Map<String, Boolean> acknowledged = new HashMap<>();
        listed.find(in(StoredAvailability.SKU, skus)).projection(include(StoredAvailability.SOLD_OUT))
                .forEach(found -> acknowledged.put(found.sku(), found.soldOut()));
        return acknowledged;
    }

    private static void upsertIfNewer(MongoCollection<StoredAvailability> collection, String sku, long rev, Bson update) {
        try {
            collection.updateOne(and(eq(StoredAvailability.SKU, sku), lt(StoredAvailability.REV, rev)), update, UPSERT);
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
        }
    }
}

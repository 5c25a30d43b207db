package com.example.shop.catalog.search.availability;

import com.example.shop.catalog.search.feed.AvailabilitySource;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The availability of skus as the cart service last reported it, collection {@code availability}
 * ({@link StoredAvailabilityCodec}): one small document per sku that ever had a transition reported;
 * a sku without one has never been reported sold out and is listed as in stock. The index joins it
 * to the product when it indexes the product (through {@link AvailabilitySource}); {@link ApplyTransitions}
 * writes it.
 */
@Singleton
record AvailabilityStore(MongoCollection<StoredAvailability> availability) implements AvailabilitySource {

    private static final String AVAILABILITY = "availability";
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

    @Inject
    AvailabilityStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, AVAILABILITY, new StoredAvailabilityCodec()));
    }

    /** Which of these skus are sold out now (one {@code _id} read). */
    @Override
    public Set<String> soldOut(Collection<String> skus) {
        Set<String> soldOut = new HashSet<>();
        if (skus.isEmpty()) {
            return soldOut;
        }
        for (StoredAvailability sku : availability.find(Filters.in(StoredAvailabilityCodec.SKU, skus))
                .projection(Projections.include(StoredAvailabilityCodec.SOLD_OUT))) {
            if (Boolean.TRUE.equals(sku.soldOut())) {
                soldOut.add(sku.sku());
            }
        }
        return soldOut;
    }

    /** Every sku sold out now (a build reads them once, before its scan: a few per cent of the catalog). */
    @Override
    public Set<String> allSoldOut() {
        Set<String> soldOut = new HashSet<>();
        for (StoredAvailability sku : availability.find(Filters.eq(StoredAvailabilityCodec.SOLD_OUT, true))
                .projection(Projections.include(StoredAvailabilityCodec.SKU))) {
            soldOut.add(sku.sku());
        }
        return soldOut;
    }

    /** The sequence number recorded for each of these skus (absent: none recorded). */
    Map<String, Long> sequences(Collection<String> skus) {
        Map<String, Long> seqs = new HashMap<>();
        for (StoredAvailability sku : availability.find(Filters.in(StoredAvailabilityCodec.SKU, skus))
                .projection(Projections.include(StoredAvailabilityCodec.SEQ))) {
            if (sku.seq() != null) {
                seqs.put(sku.sku(), sku.seq());
            }
        }
        return seqs;
    }

    /**
     * Records the transition unless a report as new or newer is stored: a guarded upsert
     * {@code {_id: sku, seq: {$lt: n}}}, whose insert collides with the stored document when that one is
     * as new or newer. False then.
     */
    boolean record(Transition t, Date now) {
        try {
            availability.updateOne(Filters.and(Filters.eq(StoredAvailabilityCodec.SKU, t.sku()),
                            Filters.lt(StoredAvailabilityCodec.SEQ, t.seq())),
                    Updates.combine(Updates.set(StoredAvailabilityCodec.SOLD_OUT, !t.available()),
                            Updates.set(StoredAvailabilityCodec.SEQ, t.seq()), Updates.set(StoredAvailabilityCodec.AT, now)),
                    UPSERT);
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                return false;
            }
            throw e;
        }
    }
}

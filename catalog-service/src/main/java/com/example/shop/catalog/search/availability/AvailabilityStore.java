package com.example.shop.catalog.search.availability;

import com.example.shop.catalog.search.feed.AvailabilitySource;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * The availability of skus as the cart service last reported it, collection {@code availability}:
 * <pre>
 * availability { _id: sku, sold_out: bool, seq: the cart's stock revision of that state, at }
 * </pre>
 * One small document per sku that ever had a transition reported; a sku without one has never been
 * reported sold out and is listed as in stock. The index joins it to the product when it indexes
 * the product ({@link IndexUpdates}); {@link ApplyTransitions} writes it.
 */
@Singleton
record AvailabilityStore(MongoCollection<Document> availability) implements AvailabilitySource {

    /** Availability as the cart service reports it, {@code {_id: sku, sold_out, seq, at}}: joined to the product in the index. */
    private static final String AVAILABILITY = "availability";

    static final String SKU = "_id";
    static final String SOLD_OUT = "sold_out";
    static final String SEQ = "seq";
    static final String AT = "at";

    @Inject
    AvailabilityStore(MongoDatabase database) {
        this(database.getCollection(AVAILABILITY));
    }

    /** Which of these skus are sold out now (one {@code _id} read). */
    @Override
    public Set<String> soldOut(Collection<String> skus) {
        Set<String> soldOut = new HashSet<>();
        if (skus.isEmpty()) {
            return soldOut;
        }
        for (Document doc : availability.find(Filters.in(SKU, skus)).projection(Projections.include(SOLD_OUT))) {
            if (Boolean.TRUE.equals(doc.getBoolean(SOLD_OUT))) {
                soldOut.add(doc.getString(SKU));
            }
        }
        return soldOut;
    }

    /** Every sku sold out now (a build reads them once, before its scan: a few per cent of the catalog). */
    @Override
    public Set<String> allSoldOut() {
        Set<String> soldOut = new HashSet<>();
        for (Document doc : availability.find(Filters.eq(SOLD_OUT, true)).projection(Projections.include(SKU))) {
            soldOut.add(doc.getString(SKU));
        }
        return soldOut;
    }

    /** The sequence number recorded for each of these skus (absent: none recorded). */
    Map<String, Long> sequences(Collection<String> skus) {
        Map<String, Long> seqs = new HashMap<>();
        for (Document doc : availability.find(Filters.in(SKU, skus)).projection(Projections.include(SEQ))) {
            if (doc.get(SEQ) instanceof Number n) {
                seqs.put(doc.getString(SKU), n.longValue());
            }
        }
        return seqs;
    }
}

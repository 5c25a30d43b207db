package com.example.shop.catalog.search.feed;

import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The feed's collections and their queries, for this package only:
 * <ul>
 * <li>{@code catalog_revision}, one document: a counter every product write moves before it writes,
 * so that a search index can tell whether it is stale ({@link CatalogRevision}, {@link StoredCounterCodec});</li>
 * <li>{@code product_changes}, the change feed: one entry per catalog revision, read by {@code _id}
 * range by every replica to keep its search index current and by the cart service for its
 * {@code product.changed} webhooks, trimmed by age ({@link ChangeFeed},
 * {@link ChangeEntryCodec}).</li>
 * </ul>
 */
@Singleton
record FeedStore(MongoCollection<StoredCounter> revisions, MongoCollection<ChangeFeed.Entry> changes) {

    private static final String CATALOG_REVISION = "catalog_revision";
    private static final String PRODUCT_CHANGES = "product_changes";
    private static final FindOneAndUpdateOptions UPSERT_AFTER = new FindOneAndUpdateOptions().upsert(true)
            .returnDocument(ReturnDocument.AFTER);

    @Inject
    FeedStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, CATALOG_REVISION, new StoredCounterCodec()),
                ServiceDatabase.collection(database, PRODUCT_CHANGES, new ChangeEntryCodec()));
    }

    /**
     * Moves the counter on by {@code by} ({@code $inc}), creating it with a new epoch in a database
     * that has none; the counter after. Two replicas creating it at once: one gets a duplicate key.
     */
    StoredCounter moveCounter(long by) {
        return revisions.findOneAndUpdate(Filters.eq(StoredCounterCodec.ID, StoredCounterCodec.COUNTER),
                Updates.combine(Updates.inc(StoredCounterCodec.REVISION, by),
                        Updates.setOnInsert(StoredCounterCodec.EPOCH, UUID.randomUUID().toString())), UPSERT_AFTER);
    }

    /** The highest revision trimmed from the feed (-1: none). */
    long trimmedThrough() {
        return counter().map(counter -> counter.trimmedThrough() != null ? counter.trimmedThrough() : -1L).orElse(-1L);
    }

    /** The counter as it stands, read (empty in a database that has none yet). */
    Optional<StoredCounter> counter() {
        return Optional.ofNullable(revisions.find(Filters.eq(StoredCounterCodec.ID, StoredCounterCodec.COUNTER)).first());
    }

    /** Records that the feed is trimmed through {@code through} (never lowering the mark). */
    void markTrimmedThrough(long through) {
        revisions.updateOne(Filters.eq(StoredCounterCodec.ID, StoredCounterCodec.COUNTER),
                Updates.max(StoredCounterCodec.TRIMMED_THROUGH, through));
    }

    void insertChange(ChangeFeed.Entry entry) {
        changes.insertOne(entry);
    }

    void markDone(long revision, boolean refused) {
        changes.updateOne(Filters.eq(ChangeEntryCodec.REVISION, revision), refused
                ? Updates.combine(Updates.set(ChangeEntryCodec.DONE, true), Updates.unset(ChangeEntryCodec.PRODUCTS))
                : Updates.set(ChangeEntryCodec.DONE, true));
    }

    /**
     * The entries after {@code revision}, in order: at most {@code limit}, and no more once those read
     * name {@code skuBudget} skus (at least one entry), read {@code batch} entries a round trip so that
     * the entries past the budget are not even decoded.
     */
    List<ChangeFeed.Entry> changesAfter(long revision, int limit, int skuBudget, int batch) {
        List<ChangeFeed.Entry> entries = new ArrayList<>();
        int skus = 0;
        try (MongoCursor<ChangeFeed.Entry> cursor = changes.find(Filters.gt(ChangeEntryCodec.REVISION, revision))
                .sort(Sorts.ascending(ChangeEntryCodec.REVISION)).limit(limit).batchSize(batch).iterator()) {
            while (skus < skuBudget && cursor.hasNext()) {
                ChangeFeed.Entry entry = cursor.next();
                entries.add(entry);
                skus += entry.skus().size();
            }
        }
        return entries;
    }

    /**
     * The entries after {@code revision}, in order, read without their skus: at most {@code limit}, and no
     * more once those read name {@code productBudget} products (at least one entry).
     */
    List<ChangeFeed.Entry> productsAfter(long revision, int limit, int productBudget, int batch) {
        List<ChangeFeed.Entry> entries = new ArrayList<>();
        int products = 0;
        try (MongoCursor<ChangeFeed.Entry> cursor = changes.find(Filters.gt(ChangeEntryCodec.REVISION, revision))
                .projection(Projections.exclude(ChangeEntryCodec.SKUS))
                .sort(Sorts.ascending(ChangeEntryCodec.REVISION)).limit(limit).batchSize(batch).iterator()) {
            while (products < productBudget && cursor.hasNext()) {
                ChangeFeed.Entry entry = cursor.next();
                entries.add(entry);
                products += entry.products().size();
            }
        }
        return entries;
    }

    /** The entries after {@code revision}, in order, at most {@code limit}, read without their skus. */
    List<ChangeFeed.Entry> progressAfter(long revision, int limit) {
        return changes.find(Filters.gt(ChangeEntryCodec.REVISION, revision))
                .projection(Projections.include(ChangeEntryCodec.REVISION, ChangeEntryCodec.DONE, ChangeEntryCodec.AT))
                .sort(Sorts.ascending(ChangeEntryCodec.REVISION)).limit(limit).into(new ArrayList<>());
    }

    /** The revision of the newest entry recorded before {@code cutoff}, if any. */
    Optional<Long> newestChangeBefore(Date cutoff) {
        ChangeFeed.Entry newest = changes.find(Filters.lt(ChangeEntryCodec.AT, cutoff))
                .sort(Sorts.descending(ChangeEntryCodec.REVISION)).first();
        return Optional.ofNullable(newest).map(ChangeFeed.Entry::revision);
    }

    /** Removes the entries up to {@code through}, included. */
    void deleteChangesThrough(long through) {
        changes.deleteMany(Filters.lte(ChangeEntryCodec.REVISION, through));
    }
}

package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.web.database.DatabaseReachability;
import com.example.shop.web.seams.NoSeams;
import com.mongodb.client.MongoDatabase;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the tests of other packages assemble or look into of the feed (each replica's in
 * IndexLifecycleTest), which the service keeps inside the package.
 */
public final class FeedParts {

    /** Most skus one round of the follower reads back. */
    public static final int SKUS_PER_ROUND = FeedFollower.SKUS_PER_ROUND;

    private FeedParts() {
    }

    public static CatalogRevision revision(MongoDatabase database) {
        return new CatalogRevision(new FeedStore(database));
    }

    public static ChangeFeed feed(MongoDatabase database) {
        return new ChangeFeed(new FeedStore(database));
    }

    /** The feed, counting its reads of new entries (one a round of the follower). */
    public static ChangeFeed countingFeed(MongoDatabase database, AtomicInteger reads) {
        return new ChangeFeed(new FeedStore(database)) {
            @Override
            List<Entry> after(long revision, int limit, int skuBudget) {
                reads.incrementAndGet();
                return super.after(revision, limit, skuBudget);
            }
        };
    }

    public static IndexUpdates updates(ProductIndex index, CatalogRevision revision, ChangeFeed feed, ProductSource source,
                                       AvailabilitySource availability, CatalogConfig config, DatabaseReachability database) {
        return new IndexUpdates(index, revision, feed, source, availability, config, new NoSeams(), database);
    }

    public static FeedFollower follower(ChangeFeed feed, IndexUpdates updates, CatalogConfig config) {
        return new FeedFollower(feed, updates, config);
    }

    /** As a writer begins: the next revision, counted. */
    public static long nextRevision(CatalogRevision revision) {
        return revision.next().revision();
    }

    /** As a writer records its change before it writes. */
    public static void intend(ChangeFeed feed, long revision, Collection<String> skus) {
        feed.intend(revision, skus, skus);
    }

    /** As a writer ends its write: the entry is done, its products written. */
    public static void done(ChangeFeed feed, long revision) {
        feed.done(revision, false);
    }

    /** An entry as a writer recorded it at {@code at}: to play a writer that died long ago. */
    public static void recordAt(MongoDatabase database, long revision, List<String> products, boolean done, java.util.Date at) {
        new FeedStore(database).insertChange(new ChangeFeed.Entry(revision, products, products, done, at));
    }

    public static int skusInFlight(IndexUpdates updates) {
        return updates.skusInFlight();
    }
}

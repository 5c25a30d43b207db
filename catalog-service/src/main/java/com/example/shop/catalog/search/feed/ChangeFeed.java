package com.example.shop.catalog.search.feed;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Optional;

/**
 * The catalog's change feed, {@code product_changes}: for every catalog revision, which products its
 * write touches. The writer records the entry <em>before</em> it writes MongoDB ({@link #intend}) and
 * marks it {@link #done} after (whatever the outcome), so that no product changes without an entry
 * naming it. A replica that reads an entry re-reads those products from MongoDB and takes their
 * state as it is then: an entry says "look again", never "this is the new value", which is what
 * makes reading an entry twice or late harmless.
 *
 * <p>Entries are keyed by revision ({@code _id}), so a reader's "what is new" is one range of the
 * {@code _id} index, on MongoDB and on the embedded server alike (which serves {@code _id} ranges but
 * ignores secondary indexes). No change streams: the embedded server has none, and one mechanism
 * everywhere is one to test. Trimmed by age; the highest revision trimmed is kept beside the counter
 * ({@code trimmed_through}), so that a replica that was down can tell whether the feed still reaches
 * back to where its index stands.
 */
@ApplicationScoped
public class ChangeFeed {

    /**
     * One entry: a revision, the skus its write touches, the products it writes (their keys: none for
     * an availability report, and none once the write was refused), whether the write is over
     * ({@code done}) and when the entry was recorded (before the write began).
     */
    public record Entry(long revision, List<String> skus, List<String> products, boolean done, Date at) {
    }

    /** Entries a cursor brings per round trip: an import's entry names 1,000 skus. */
    private static final int ENTRIES_PER_BATCH = 20;

    private final FeedStore store;

    ChangeFeed(FeedStore store) {
        this.store = store;
    }

    /** Records a write about to be made: its revision, the skus it will touch and the products it writes. */
    void intend(long revision, Collection<String> skus, Collection<String> products) {
        store.insertChange(new Entry(revision, List.copyOf(skus), List.copyOf(products), false, new Date()));
    }

    /**
     * The write of this revision is over (applied, refused, or failed): readers may read its products
     * back. A {@code refused} write changed nothing, so its products are taken off the entry.
     */
    void done(long revision, boolean refused) {
        store.markDone(revision, refused);
    }

    /**
     * The entries after {@code revision}, in order: at most {@code limit}, and no more once those read
     * name {@code skuBudget} skus (at least one entry). An import writes 1,000 skus a revision, so a
     * limit in entries alone let one read hold the skus of hundreds of batches, and the products read
     * back for them did not fit a small heap.
     */
    List<Entry> after(long revision, int limit, int skuBudget) {
        return store.changesAfter(revision, limit, skuBudget, ENTRIES_PER_BATCH);
    }

    /**
     * The entries after {@code revision}, in order, without their skus: at most {@code limit}, and no more
     * once those read name {@code productBudget} products (at least one entry).
     */
    List<Entry> productsAfter(long revision, int limit, int productBudget) {
        return store.productsAfter(revision, limit, productBudget, ENTRIES_PER_BATCH);
    }

    /**
     * The entries after {@code revision}, in order, at most {@code limit}, without their skus (an
     * empty list each): whether each write is over, for a build that only asks how far the writes are settled.
     */
    public List<Entry> progressAfter(long revision, int limit) {
        return store.progressAfter(revision, limit);
    }

    /** Removes the entries older than {@code cutoff} and records the highest revision removed. */
    public void trimBefore(Date cutoff) {
        Optional<Long> newest = store.newestChangeBefore(cutoff);
        if (newest.isEmpty()) {
            return;
        }
        long through = newest.get();
        // the mark first: a reader must never believe the feed reaches back further than it does
        store.markTrimmedThrough(through);
        store.deleteChangesThrough(through);
    }

    /** The highest revision trimmed from the feed (-1: none). */
    public long trimmedThrough() {
        return store.trimmedThrough();
    }
}

package com.example.shop.catalog.search.feed;

import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import org.bson.Document;

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
     * One entry: a revision, the skus its write touches, whether the write is over ({@code done}) and
     * when the entry was recorded (before the write began).
     */
    public record Entry(long revision, List<String> skus, boolean done, Date at) {

        /** The entry document's fields: the revision is its {@code _id}. */
        static final String REVISION = "_id";
        static final String SKUS = "skus";
        static final String DONE = "done";
        static final String AT = "at";
    }

    /** Entries a cursor brings per round trip: an import's entry names 1,000 skus. */
    private static final int ENTRIES_PER_BATCH = 20;

    private final SearchStore store;

    ChangeFeed(SearchStore store) {
        this.store = store;
    }

    /** Records a write about to be made: its revision and the skus it will touch. */
    void intend(long revision, Collection<String> skus) {
        store.changes().insertOne(new Document(Entry.REVISION, revision).append(Entry.SKUS, List.copyOf(skus))
                .append(Entry.DONE, false).append(Entry.AT, new Date()));
    }

    /** The write of this revision is over (applied, refused, or failed): readers may read its products back. */
    void done(long revision) {
        store.changes().updateOne(Filters.eq(Entry.REVISION, revision), Updates.set(Entry.DONE, true));
    }

    /**
     * The entries after {@code revision}, in order: at most {@code limit}, and no more once those read
     * name {@code skuBudget} skus (at least one entry). An import writes 1,000 skus a revision, so a
     * limit in entries alone let one read hold half a million skus, and the products read back for
     * them did not fit a small heap (a catalog restarted in the middle of a 300,000-product import
     * died of it). Read a batch of entries at a time, so that the entries past the budget are not
     * even decoded.
     */
    List<Entry> after(long revision, int limit, int skuBudget) {
        List<Entry> entries = new ArrayList<>();
        int skus = 0;
        try (MongoCursor<Document> cursor = store.changes().find(Filters.gt(Entry.REVISION, revision))
                .sort(Sorts.ascending(Entry.REVISION)).limit(limit).batchSize(ENTRIES_PER_BATCH).iterator()) {
            while (skus < skuBudget && cursor.hasNext()) {
                Entry entry = entry(cursor.next());
                entries.add(entry);
                skus += entry.skus().size();
            }
        }
        return entries;
    }

    /**
     * The entries after {@code revision}, in order, at most {@code limit}, without their skus (an
     * empty list each): whether each write is over, for a build that only asks how far the writes are settled.
     */
    public List<Entry> progressAfter(long revision, int limit) {
        return read(store.changes().find(Filters.gt(Entry.REVISION, revision))
                .projection(Projections.include(Entry.REVISION, Entry.DONE, Entry.AT))
                .sort(Sorts.ascending(Entry.REVISION)).limit(limit));
    }

    /** Removes the entries older than {@code cutoff} and records the highest revision removed. */
    public void trimBefore(Date cutoff) {
        Document newest = store.changes().find(Filters.lt(Entry.AT, cutoff)).sort(Sorts.descending(Entry.REVISION)).first();
        if (newest == null) {
            return;
        }
        long through = ((Number) newest.get(Entry.REVISION)).longValue();
        // the mark first: a reader must never believe the feed reaches back further than it does
        store.revisions().updateOne(Filters.eq(CatalogRevision.ID, CatalogRevision.COUNTER),
                Updates.max(CatalogRevision.TRIMMED_THROUGH, through));
        store.changes().deleteMany(Filters.lte(Entry.REVISION, through));
    }

    /** The highest revision trimmed from the feed (-1: none). */
    public long trimmedThrough() {
        Document counter = store.revisions().find(Filters.eq(CatalogRevision.ID, CatalogRevision.COUNTER)).first();
        return counter != null && counter.get(CatalogRevision.TRIMMED_THROUGH) instanceof Number n ? n.longValue() : -1;
    }

    private static List<Entry> read(Iterable<Document> documents) {
        List<Entry> entries = new ArrayList<>();
        for (Document entry : documents) {
            entries.add(entry(entry));
        }
        return entries;
    }

    private static Entry entry(Document entry) {
        List<String> skus = entry.getList(Entry.SKUS, String.class);
        return new Entry(((Number) entry.get(Entry.REVISION)).longValue(), skus == null ? List.of() : skus,
                Boolean.TRUE.equals(entry.getBoolean(Entry.DONE)), entry.getDate(Entry.AT));
    }
}

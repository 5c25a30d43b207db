package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.search.index.IndexMarker;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import jakarta.inject.Singleton;

/**
 * The revision of the catalog's products: a counter in MongoDB that every product write moves
 * ({@code $inc}) <em>before</em> it writes, and the {@code epoch} of the database it counts in (a
 * random id set when the counter is first created). An index remembers the revision it reflects
 * ({@link IndexMarker}); at start-up an index whose epoch and revision are the database's has
 * missed no write and is used as it is, any other is rebuilt.
 *
 * <p>Why before: a write killed between the two steps then leaves a revision that moved for
 * nothing (one needless rebuild), never a changed product under an unchanged revision (a stale
 * index taken for a fresh one).
 */
@Singleton
public record CatalogRevision(FeedStore store) {

    /** Where the catalog stands: the database's epoch and how many writes it has counted. */
    public record Stamp(String epoch, long revision) {
    }

    /** The current stamp (creating the counter, at revision 0, in a database that has none). */
    public Stamp current() {
        return move(0);
    }

    /** Counts one more write (a single product, or one batch of an import) and returns its revision. */
    Stamp next() {
        return move(1);
    }

    private Stamp move(int by) {
        for (int attempt = 1; ; attempt++) {
            try {
                StoredCounter counter = store.moveCounter(by);
                return new Stamp(counter.epoch(), counter.revision());
            } catch (MongoWriteException e) {
                // two replicas creating the counter at once: one insert wins, the other updates it
                if (attempt > 1 || e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
            }
        }
    }
}

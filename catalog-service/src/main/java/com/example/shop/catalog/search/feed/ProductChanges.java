package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.CatalogConfig;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The change feed as another service follows it, for its {@code product.changed} webhooks: which
 * products changed at each revision, listed only once every write up to it is settled. The reader
 * keeps its own position ({@code reached}) and asks for what comes after; nothing is kept here.
 * The rules are the {@link FeedFollower}'s, applied to the entries' own times: an entry whose write
 * is still running stops the page until it is over, or until {@code catalog.search.feed-gap-grace}
 * has passed since it was recorded (its writer died; its products are listed, as "look again"); a
 * revision without an entry is passed over once the next entry is that old (its writer counted
 * before that entry was recorded, and a write that records its entry later than half the grace
 * writes nothing). A refused write and an availability report name no products, so they only move
 * the position.
 */
@ApplicationScoped
public class ProductChanges {

    /** Most products one page names (an import's entry names 1,000). */
    static final int PRODUCTS_PER_PAGE = 5000;

    /** The products one revision wrote (their keys). */
    public record Change(long revision, List<String> products) {
    }

    /**
     * A page: the database's {@code epoch} (another one means another database: positions start
     * again), its current {@code revision}, the highest revision trimmed from the feed, the revision
     * {@code reached} (the position to ask from next), the changes up to it, and whether {@code more}
     * can be read at once.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Page(String epoch, long revision, long trimmedThrough, long reached, List<Change> changes, boolean more) {
    }

    private final FeedStore store;
    private final ChangeFeed feed;
    private final CatalogRevision revision;
    private final long graceMillis;

    ProductChanges(FeedStore store, ChangeFeed feed, CatalogRevision revision, CatalogConfig config) {
        this.store = store;
        this.feed = feed;
        this.revision = revision;
        this.graceMillis = config.search().feedGapGrace().toMillis();
    }

    /** Where a new reader starts: the current revision, with no changes. */
    public Page start() {
        StoredCounter counter = counter();
        return new Page(counter.epoch(), counter.revision(), trimmed(counter), counter.revision(), List.of(), false);
    }

    /** The settled changes after {@code after}, at most {@code limit} revisions read. */
    public Page after(long after, int limit) {
        StoredCounter counter = counter();
        List<ChangeFeed.Entry> entries = feed.productsAfter(after, limit, PRODUCTS_PER_PAGE);
        long now = System.currentTimeMillis();
        List<Change> changes = new ArrayList<>();
        long reached = after;
        int passed = 0;
        for (ChangeFeed.Entry entry : entries) {
            boolean young = now - entry.at().getTime() < graceMillis;
            if (entry.revision() > reached + 1 && young) {
                break; // a revision without an entry, counted before this one: its writer may still record it
            }
            if (!entry.done() && young) {
                break; // its write is still running
            }
            if (!entry.products().isEmpty()) {
                changes.add(new Change(entry.revision(), entry.products()));
            }
            reached = entry.revision();
            passed++;
        }
        int products = entries.stream().mapToInt(entry -> entry.products().size()).sum();
        boolean more = passed == entries.size() && (entries.size() == limit || products >= PRODUCTS_PER_PAGE);
        return new Page(counter.epoch(), counter.revision(), trimmed(counter), reached, changes, more);
    }

    private StoredCounter counter() {
        return store.counter().orElseGet(() -> {
            CatalogRevision.Stamp stamp = revision.current(); // a database without writes yet: creates the counter
            return new StoredCounter(stamp.epoch(), stamp.revision(), null);
        });
    }

    private static long trimmed(StoredCounter counter) {
        return counter.trimmedThrough() != null ? counter.trimmedThrough() : -1;
    }
}

package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.CatalogConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Keeps this replica's index current with every replica's writes, by reading the change feed in
 * revision order from {@link #position()}: the revision up to which every write is in this index
 * (the marker a commit claims). Each round (every {@code catalog.search.feed-every}, on the index's
 * worker thread) reads the entries after the position and, in order:
 * <ul>
 * <li>an entry whose write is over: its products are read back from MongoDB and put in (or removed
 * from) the index, unless this replica wrote it itself and has it already; the position moves past it;</li>
 * <li>an entry whose write is still running: the round stops there and waits for it (up to
 * {@code catalog.search.feed-gap-grace}; after that its writer is taken as dead, and its products are
 * read back as MongoDB holds them, which is all there will ever be);</li>
 * <li>a revision without an entry (counted, not recorded yet, or never: its writer died between the
 * two steps, before any product write): waited for as long, then passed over. Nothing can hide
 * there, since an entry is recorded before its product is written.</li>
 * </ul>
 * A round reads at most {@value #ROUND} entries and stops reading once they name
 * {@value #SKUS_PER_ROUND} skus, so that what it reads back from MongoDB stays small whatever the
 * writes were (one import batch is an entry of 1,000 skus). Idle, a round is one {@code _id} range
 * read that finds nothing.
 */
@ApplicationScoped
public class FeedFollower {

    private static final Logger LOG = Logger.getLogger(FeedFollower.class);
    static final int ROUND = 500;
    static final int SKUS_PER_ROUND = 2000;

    /**
     * What one round did: how many entries it read, and whether it passed them all and stopped only
     * at a bound ({@code full}: more may be waiting, and can be read at once).
     */
    public record Round(int entries, boolean full) {
    }

    private final ChangeFeed feed;
    private final IndexUpdates updates;
    private final long graceMillis;
    private long position = -1;
    /** Revisions without an entry yet, and when this replica first missed them. */
    private final Map<Long, Long> missingSince = new HashMap<>();

    FeedFollower(ChangeFeed feed, IndexUpdates updates, CatalogConfig config) {
        this.feed = feed;
        this.updates = updates;
        this.graceMillis = config.search().feedGapGrace().toMillis();
    }

    /** From now on, the writes after {@code revision} are the ones to bring in. */
    public synchronized void startFrom(long revision) {
        position = revision;
        missingSince.clear();
    }

    public synchronized long position() {
        return position;
    }

    /** One round: the entries after the position, as far as they can be applied now. */
    public synchronized Round follow() {
        List<ChangeFeed.Entry> entries = feed.after(position, ROUND, SKUS_PER_ROUND);
        long now = System.currentTimeMillis();
        Set<String> toRead = new LinkedHashSet<>();
        long reached = position;
        int index = 0;
        long expected = position + 1;
        while (index < entries.size()) {
            ChangeFeed.Entry entry = entries.get(index);
            if (entry.revision() > expected) { // a revision without an entry
                long since = missingSince.computeIfAbsent(expected, r -> now);
                if (now - since < graceMillis) {
                    break;
                }
                missingSince.remove(expected);
                reached = expected++;
                continue;
            }
            if (!entry.done() && now - entry.at().getTime() < graceMillis) {
                break; // its write is still running: its products are read once it is over
            }
            if (!updates.appliedLocally(entry.revision())) {
                toRead.addAll(entry.skus());
            }
            reached = entry.revision();
            expected = reached + 1;
            index++;
        }
        if (!toRead.isEmpty()) {
            updates.fromFeed(toRead);
        }
        if (reached > position) {
            updates.forgetLocalUpTo(reached);
            position = reached;
        }
        int skus = entries.stream().mapToInt(entry -> entry.skus().size()).sum();
        boolean passedAll = index == entries.size();
        return new Round(entries.size(), passedAll && (entries.size() == ROUND || skus >= SKUS_PER_ROUND));
    }

    /** Rounds until the feed has nothing more that can be applied now (a catch-up at start). */
    public void catchUp() {
        long before;
        do {
            before = position();
            if (!follow().full()) {
                return;
            }
        } while (position() > before);
    }

    public static void logCatchUp(long from, long to) {
        LOG.infof("Search index catching up from the change feed: revisions %d to %d", from, to);
    }
}

package com.example.shop.catalog.search.feed;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.DatabaseReachability;
import com.example.shop.web.seams.Seams;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Every product write goes through here (docs/design.md, "Storefront search"): {@link #change} moves
 * the catalog revision and records the skus in the change feed before anything is written, so that no
 * product changes without an entry naming it; the use case writes MongoDB; then its {@link Change}
 * brings this replica's index up to date before the write is answered (write-through) and marks the
 * entry done, which tells the other replicas to read the products back ({@link FeedFollower}). A use
 * case holds its change in a {@code try}-with-resources block, so that every way out finishes it.
 *
 * <p>Two writes of one sku that overlap on this replica may reach MongoDB and the index in different
 * orders: such a write puts what MongoDB holds, read back under the index's lock ({@link SkusInFlight},
 * {@link #apply}). While a build scans MongoDB, a product written through meanwhile is newer than
 * anything the scan could still bring, so the scan leaves it alone.
 */
@ApplicationScoped
public class IndexUpdates {

    private static final Logger LOG = Logger.getLogger(IndexUpdates.class);

    private final ProductIndex index;
    private final CatalogRevision revision;
    private final ChangeFeed feed;
    private final ProductSource source;
    private final AvailabilitySource availability;
    private final long graceMillis;
    private final Seams seams;
    private final DatabaseReachability database;
    private final boolean bulkRefreshesLater;
    private final Object lock = new Object();
    /** The skus written through since the running build began; null when no build runs. */
    private Set<String> writtenDuringBuild;
    /** The skus sold out when the running build began (null when no build runs): joined to the products it scans. */
    private java.util.Set<String> soldOutAtBuild;
    /** Revisions this replica wrote and already has in its index: the feed follower need not read them back. */
    private final ConcurrentSkipListSet<Long> appliedHere = new ConcurrentSkipListSet<>();
    /** The skus of this replica's writes in flight: which writes overlapped another of the same sku. */
    private final SkusInFlight inFlight = new SkusInFlight();

    IndexUpdates(ProductIndex index, CatalogRevision revision, ChangeFeed feed, ProductSource source,
                 AvailabilitySource availability, CatalogConfig config, Seams seams,
                 DatabaseReachability database) {
        this.index = index;
        this.revision = revision;
        this.feed = feed;
        this.source = source;
        this.availability = availability;
        this.graceMillis = config.search().feedGapGrace().toMillis();
        this.seams = seams;
        this.database = database;
        this.bulkRefreshesLater = !config.search().bulkRefreshEvery().isZero();
    }

    /**
     * Begins a write of these products (their keys) touching these skus (the keys and their variants'):
     * counts it and records it in the change feed. Call before writing MongoDB. A database too slow to
     * take both within half the feed's grace period is a 503 and nothing is written: another replica
     * may already have passed over the revision.
     */
    public Change change(Collection<String> products, Collection<String> skus) {
        return change(products, skus, false);
    }

    /**
     * As {@link #change}, for a batch of a bulk import (the products' keys are the skus): its products become
     * searchable here at the index worker's next due refresh ({@code catalog.search.bulk-refresh-every}), not
     * before this returns.
     */
    public Change bulkChange(Collection<String> products) {
        return change(products, products, bulkRefreshesLater);
    }

    /** As {@link #change}, for the cart's availability reports: skus re-indexed, no product written. */
    public Change availabilityChange(Collection<String> skus) {
        return change(List.of(), skus, false);
    }

    private Change change(Collection<String> products, Collection<String> skus, boolean refreshLater) {
        long began = System.currentTimeMillis();
        CatalogRevision.Stamp stamp = revision.next();
        feed.intend(stamp.revision(), skus, products);
        Change change = new Change(stamp, inFlight.claim(skus), refreshLater);
        if (System.currentTimeMillis() - began > graceMillis / 2) {
            change.none();
            throw Problems.unavailable("mongodb", "The database was too slow to record the change; nothing was written, retry");
        }
        return change;
    }

    /**
     * One write, from its revision to what it did to the index and the feed. A use case opens it in a
     * {@code try}-with-resources block, so that a way out of it that finished nothing (an exception
     * between the MongoDB write and the index change) still finishes it: see {@link #close}.
     */
    public final class Change implements AutoCloseable {

        private final CatalogRevision.Stamp stamp;
        private final SkusInFlight.Claim claim;
        private final boolean refreshLater;
        private boolean finished;

        private Change(CatalogRevision.Stamp stamp, SkusInFlight.Claim claim, boolean refreshLater) {
            this.stamp = stamp;
            this.claim = claim;
            this.refreshLater = refreshLater;
        }

        /** The product was created or replaced: this is it now. */
        public void put(ListedProduct product) {
            finish(List.of(product), List.of(), true);
        }

        /** The product was deleted. */
        public void removed(String sku) {
            finish(List.of(), List.of(sku), true);
        }

        /** The write was refused and changed nothing. */
        public void none() {
            finished = true;
            claim.release();
            appliedHere.add(stamp.revision());
            done(true);
        }

        /**
         * Not finished by the use case (it threw, before or after its MongoDB write): the outcome is
         * unknown, so the index takes the products as MongoDB holds them, the feed entry ends done and
         * the skus stop counting as in flight. Nothing when the change was finished.
         */
        @Override
        public void close() {
            if (!finished) {
                reread(claim.skus());
            }
        }

        /**
         * The write's outcome is unknown (or a batch's is mixed): the index takes these products as
         * MongoDB holds them now. If they cannot be read either, the feed entry still ends done, and
         * this replica too reads them back from the feed.
         */
        public void reread(Collection<String> skus) {
            put(List.of(), skus);
        }

        /**
         * A batch: {@code written} are the products as MongoDB holds them now (written, or read back);
         * {@code unsure}, whose outcome is unknown, are read back and taken as MongoDB holds them. If
         * they cannot be read, the written ones are still put, and the feed brings the others.
         */
        public void put(Collection<ListedProduct> written, Collection<String> unsure) {
            if (unsure.isEmpty()) {
                finish(written, List.of(), true);
                return;
            }
            Map<String, ListedProduct> now;
            try {
                database.requireWritable("reading the products back");
                now = source.find(unsure);
            } catch (RuntimeException e) {
                LOG.warnf("Products %s could not be read back for the search index (%s); the change feed brings them",
                        unsure.size() > 5 ? unsure.size() + " skus" : unsure, e.toString());
                finish(written, List.of(), false);
                return;
            }
            List<ListedProduct> puts = new ArrayList<>(written);
            puts.addAll(now.values()); // one product may answer several skus: apply puts it once
            finish(puts, unsure.stream().filter(sku -> !now.containsKey(sku)).toList(), true);
        }

        /**
         * MongoDB has the write: a failure of the index must not turn its answer into an error. It
         * is logged, and this replica then takes the change from the feed like the others. So does
         * it when the change is not {@code whole} (some of its products could not be read back).
         */
        private void finish(Collection<ListedProduct> puts, Collection<String> removals, boolean whole) {
            finished = true;
            try {
                seams.reached(WriteThroughSeam.BEFORE_INDEX, claim.skus());
                if (apply(puts, removals, claim)) {
                    if (refreshLater) {
                        index.refreshSoon();
                    } else {
                        index.refresh();
                    }
                    if (whole) {
                        appliedHere.add(stamp.revision());
                    }
                }
            } catch (RuntimeException e) {
                LOG.warnf("A product write could not be applied to the search index (%s); the change feed brings it",
                        e.toString());
            } finally {
                claim.release(); // after the apply: a write that begins later is newer in MongoDB and lands later
            }
            done(false);
        }

        /** Marks the feed entry done; {@code refused}: its products did not change, and are not announced. */
        private void done(boolean refused) {
            try {
                database.requireWritable("marking the entry done");
                feed.done(stamp.revision(), refused);
            } catch (RuntimeException e) {
                LOG.warnf("The change feed entry %d could not be marked done (%s); other replicas take it after %d ms",
                        stamp.revision(), e.toString(), graceMillis);
            }
        }
    }

    /**
     * Applies the changes; false when the index is not open yet, in which case the build that opens
     * it reads them from MongoDB (the feed entry was recorded before the write, so the build starts
     * following the feed at or before it). Each product is joined to its availability as MongoDB holds
     * it now, read under the lock, so that of two applies of a sku the one that read later lands later.
     *
     * <p>The skus of {@code claim} (this replica's write, or the feed's read back) that another
     * write of this replica overlapped are read back under the lock and taken as MongoDB holds them,
     * whatever the write has in hand: two overlapping writes may reach MongoDB in one order and this
     * lock in the other. Why the last apply of a sku then holds what MongoDB holds, once every write
     * of it on this replica is answered: let X be the write whose apply of the sku comes last.
     * <ul>
     * <li>X overlapped another write of it, so X reads it back here, after its own MongoDB write. A
     * write of the sku after this read would have its own apply after it, so later than X's: there
     * is none, and X read the last write.</li>
     * <li>X overlapped none when it looked here, under the lock. Every other write of the sku then
     * either released its claim before X began (its MongoDB write came before X's) or began after
     * X looked (so its apply comes after X's: there is none). X's product, its own write's result
     * or read after it, is the last write.</li>
     * </ul>
     * A write whose apply fails, or which cannot read back, is left to the feed, as before; so is one
     * made while the driver sees no writable server ({@link DatabaseReachability}), without a read.
     */
    private boolean apply(Collection<ListedProduct> puts, Collection<String> removals, SkusInFlight.Claim claim) {
        synchronized (lock) {
            if (!index.isOpen()) {
                return false;
            }
            Set<String> overlapped = claim.overlapped();
            if (!overlapped.isEmpty() || !puts.isEmpty()) {
                // the reads below hold the lock: with no server to read from, each writer would wait out the
                // server selection timeout in turn, one behind the other (every write answered many seconds late)
                database.requireWritable("reading the products' state for the index");
            }
            if (!overlapped.isEmpty()) {
                Map<String, ListedProduct> now = source.find(overlapped);
                puts = Stream.concat(puts.stream().filter(product -> !product.holdsAny(overlapped)),
                        now.values().stream()).toList();
                removals = Stream.concat(removals.stream().filter(sku -> !overlapped.contains(sku)),
                        overlapped.stream().filter(sku -> !now.containsKey(sku))).toList();
            }
            puts = byKey(puts);
            Set<String> soldOut = puts.isEmpty() ? Set.of()
                    : availability.soldOut(puts.stream().flatMap(product -> product.variantSkus().stream()).toList());
            for (ListedProduct product : puts) {
                if (writtenDuringBuild != null) {
                    writtenDuringBuild.add(product.sku());
                }
                index.upsert(product.withAvailability(soldOut));
            }
            for (String sku : removals) {
                if (writtenDuringBuild != null) {
                    writtenDuringBuild.add(sku);
                }
                index.delete(sku);
            }
            return true;
        }
    }

    /**
     * Each product once, by its key, the last one given winning: {@link ProductSource#find} answers a
     * product once per sku of it that was asked for (its key, a variant's sku named by an availability report).
     */
    private static Collection<ListedProduct> byKey(Collection<ListedProduct> puts) {
        Map<String, ListedProduct> byKey = new java.util.LinkedHashMap<>();
        for (ListedProduct product : puts) {
            byKey.remove(product.sku());
            byKey.put(product.sku(), product);
        }
        return byKey.values();
    }

    /**
     * The products of finished feed entries (another replica's writes, or this one's not applied
     * here), read back from MongoDB and taken as it holds them. The read is made before the lock, so
     * it counts as a write in flight: a write of this replica that overlaps it makes both read back
     * under the lock, or this older read could land after that write's newer product.
     */
    void fromFeed(Collection<String> skus) {
        SkusInFlight.Claim claim = inFlight.claim(skus);
        try {
            Map<String, ListedProduct> now = source.find(claim.skus());
            List<String> gone = claim.skus().stream().filter(sku -> !now.containsKey(sku)).toList();
            if (apply(now.values(), gone, claim)) {
                index.refresh();
            }
        } finally {
            claim.release();
        }
    }

    /** Makes every change written through so far searchable here before this returns (the end of an import). */
    public void refreshNow() {
        index.refresh();
    }

    /** How many skus a write of this replica holds now: none once every write is over. */
    int skusInFlight() {
        return inFlight.skusOpen();
    }

    boolean appliedLocally(long revision) {
        return appliedHere.contains(revision);
    }

    /** The follower has passed these revisions: no need to remember them. */
    void forgetLocalUpTo(long revision) {
        appliedHere.headSet(revision, true).clear();
    }

    /** A build begins: from now on the products written through are the build's to leave alone. */
    public void buildStarting() {
        // read before the scan, after the build fixed the feed position it follows from: an availability
        // change after this read has a feed entry past that position and is read back after the scan
        Set<String> soldOut = availability.allSoldOut();
        synchronized (lock) {
            writtenDuringBuild = new HashSet<>();
            soldOutAtBuild = soldOut;
        }
    }

    /** A product as the build's scan read it: indexed unless it was written through since the build began. */
    public void scanned(ListedProduct product) {
        synchronized (lock) {
            if (!writtenDuringBuild.contains(product.sku())) {
                index.upsert(product.withAvailability(soldOutAtBuild));
            }
        }
    }

    /**
     * The scan is over: products the index holds that the scan did not see and nobody wrote
     * through are gone from MongoDB, and are removed.
     */
    public void buildScanned(SeenSkus seen) throws java.io.IOException {
        index.refresh();
        synchronized (lock) {
            Set<String> gone = new HashSet<>();
            index.forEachSku(sku -> {
                if (!seen.contains(sku) && !writtenDuringBuild.contains(sku)) {
                    gone.add(sku);
                }
            });
            gone.forEach(index::delete);
            writtenDuringBuild = null;
            soldOutAtBuild = null;
        }
        index.refresh();
    }
}

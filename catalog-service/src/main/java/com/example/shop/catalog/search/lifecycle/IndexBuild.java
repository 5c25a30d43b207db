package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.catalog.search.feed.CatalogRevision;
import com.example.shop.catalog.search.feed.ChangeFeed;
import com.example.shop.catalog.search.feed.FeedFollower;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.catalog.search.feed.SeenSkus;
import com.example.shop.catalog.search.index.IndexMarker;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.web.concurrency.Futures;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.util.Date;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;


/**
 * Makes this replica's index usable at start-up and keeps it so, on one thread of its own (start-up
 * never waits for it; readiness does):
 * <ul>
 * <li>at start, the committed index is kept when its {@link IndexMarker} names this database, layout
 * and rendering and the change feed still reaches back to its revision: it catches up from the feed
 * (a replica that was down). Otherwise (missing, a build killed before its commit, another database,
 * other settings, down for longer than the feed keeps) it is rebuilt from MongoDB. A database that
 * cannot be reached is tried again every second;</li>
 * <li>then, every {@code catalog.search.feed-every}, the feed is followed ({@link FeedFollower}),
 * every {@code catalog.search.feed-idle-every} once it has brought nothing for {@link #QUIET_MILLIS};
 * every {@code catalog.search.commit-every} the index is committed with the feed position it
 * reaches, and a writer that broke is replaced by a rebuilt index; once a minute the feed is
 * trimmed of what is older than {@code catalog.search.feed-retention}; after many writes, once
 * quiet, the index is merged into one segment for reads ({@link ProductIndex#mergeWhenFragmented}).</li>
 * </ul>
 * Feed, commits and builds share the thread, so they never overlap.
 */
@ApplicationScoped
public class IndexBuild {

    private static final Logger LOG = Logger.getLogger(IndexBuild.class);
    private static final long RETRY_MILLIS = 1000;
    private static final long TRIM_EVERY_MILLIS = 60_000;
    /** After how long without a change from the feed it is read every {@code feed-idle-every} instead. */
    static final long QUIET_MILLIS = 5_000;
    /** How far back from the current revision a build looks for writes still running. */
    private static final int IN_FLIGHT_WINDOW = 1000;

    private final ProductIndex index;
    private final IndexUpdates updates;
    private final CatalogRevision revision;
    private final ChangeFeed feed;
    private final FeedFollower follower;
    private final ProductSource source;
    private final String rendering;
    private final long commitEveryMillis;
    private final long feedEveryMillis;
    private final long feedIdleEveryMillis;
    private final long retentionMillis;
    private final long bulkRefreshEveryMillis;
    private long lastBulkRefresh;
    /** The database the index is of (set once it is usable), for the markers of later commits. */
    private volatile String epoch;
    private volatile boolean stopping;
    private boolean failing;
    /** One build at a time, in place or beside: they share the bookkeeping of the writes made during a build. */
    private final ReentrantLock builds = new ReentrantLock();
    private long lastCommit;
    private long lastTrim;
    /** When the feed last brought an entry (or the index became usable). */
    private long lastFed;
    /** The delay the last round chose before the next: the feed's cadence, busy or quiet. */
    private volatile long nextRoundMillis;
    private final ScheduledThreadPoolExecutor worker = new ScheduledThreadPoolExecutor(1, task -> {
        Thread thread = new Thread(task, "search-index");
        thread.setDaemon(true);
        return thread;
    });

    IndexBuild(ProductIndex index, IndexUpdates updates, CatalogRevision revision, ChangeFeed feed, FeedFollower follower,
               ProductSource source, CatalogConfig config) {
        this.index = index;
        this.updates = updates;
        this.revision = revision;
        this.feed = feed;
        this.follower = follower;
        this.source = source;
        // the stored JSON of a product that inherits the platform's per-cart limit shows its value
        this.rendering = "default-max-per-cart=" + config.products().defaultMaxPerCart();
        this.commitEveryMillis = config.search().commitEvery().toMillis();
        this.feedEveryMillis = config.search().feedEvery().toMillis();
        this.feedIdleEveryMillis = Math.max(feedEveryMillis, config.search().feedIdleEvery().toMillis());
        this.retentionMillis = config.search().feedRetention().toMillis();
        this.bulkRefreshEveryMillis = config.search().bulkRefreshEvery().toMillis();
        // at shutdown the next round, already scheduled, is dropped rather than run against a closing client
        worker.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    void onStart(@Observes StartupEvent event) {
        worker.execute(this::makeUsable);
    }

    void onStop(@Observes ShutdownEvent event) {
        stopWorker();
        try {
            commitIfChanged();
        } catch (RuntimeException e) {
            LOG.warn("The search index could not be committed at shutdown; it catches up at the next start", e);
        }
    }

    /** Stops the background work without a last commit, as a process that dies would. */
    void onStopWithoutCommit() {
        stopWorker();
    }

    /**
     * Lets the running task end and runs no other. Never by interrupting it: an interrupt that meets
     * Lucene in a file operation closes the index writer and invalidates its lock.
     */
    private void stopWorker() {
        stopping = true;
        worker.shutdown();
        try {
            if (!worker.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("The search index's worker did not end within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Rebuilds the index from MongoDB now, in place, while it serves: every product is put again and
     * what MongoDB no longer has is removed, so a read sees each product either as it was or as it is
     * (for a database changed behind the service's back). Waits for the start-up work first.
     */
    public void rebuild() {
        Futures.await(worker.submit(() -> {
            if (index.isBroken()) {
                index.reopen();
            }
            build(revision.current());
            return null;
        }), "the search index's rebuild");
    }

    private void makeUsable() {
        boolean warned = false;
        while (!stopping) {
            try {
                index.open();
                CatalogRevision.Stamp now = revision.current();
                IndexMarker committed = index.committedMarker();
                if (committed != null && committed.canCatchUp(now.epoch(), now.revision(), rendering, feed.trimmedThrough())) {
                    follower.startFrom(committed.revision());
                    if (committed.revision() < now.revision()) {
                        FeedFollower.logCatchUp(committed.revision(), now.revision());
                    }
                    follower.catchUp();
                    LOG.infof("Search index found current to revision %d: used as it is", follower.position());
                } else {
                    build(now);
                }
                epoch = now.epoch();
                index.markUsable();
                lastCommit = System.currentTimeMillis();
                lastFed = lastCommit;
                scheduleMaintenance(feedEveryMillis);
                return;
            } catch (RuntimeException | IOException e) {
                if (!warned) {
                    LOG.warnf("Search index not usable yet (%s); trying again every second", e.toString());
                    warned = true;
                }
                for (long slept = 0; slept < RETRY_MILLIS && !stopping; slept += 50) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                }
            }
        }
    }

    /**
     * Builds the index from MongoDB in place at revision {@code start}: every product is put, then
     * what the index holds beyond them is removed, and one commit carries the marker. Writes during
     * the build go on and win over the scan; the feed is then followed from before the oldest write
     * that was still running when the build began, so that none is missed.
     */
    private void build(CatalogRevision.Stamp start) throws IOException {
        builds.lock();
        try {
            buildInPlace(start);
        } finally {
            builds.unlock();
        }
    }

    private void buildInPlace(CatalogRevision.Stamp start) throws IOException {
        long began = System.nanoTime();
        long followFrom = settledUpTo(start.revision());
        updates.buildStarting();
        SeenSkus seen = new SeenSkus();
        source.forEach(product -> {
            updates.scanned(product);
            seen.add(product.sku());
        });
        updates.buildScanned(seen);
        index.mergeForReads();
        follower.startFrom(followFrom);
        epoch = start.epoch();
        index.commit(new IndexMarker(IndexMarker.FORMAT, start.epoch(), followFrom, rendering));
        LOG.infof("Search index built from MongoDB: %,d products in %d ms (revision %d)", seen.size(),
                (System.nanoTime() - began) / 1_000_000, start.revision());
    }

    /** What a rebuild beside the index did. */
    record Rebuilt(long products, String from, String to, long millis) {
    }

    /** Told how a rebuild beside the index goes. */
    interface RebuildProgress {
        /** Products scanned so far (called for each). */
        void scanned(long products);

        /** The scan is over: the new index is being committed and swapped in. */
        void swapping();
    }

    /**
     * Builds a new index, the generation {@code generation} ({@link ProductIndex#nextGeneration}), from
     * MongoDB beside the one in use, which goes on serving reads and writes, and swaps it in. From the moment the new index is opened every write goes to both (the
     * replica's own writes and those the feed brings), and a product written meanwhile is newer than
     * anything the scan can still bring, so the scan leaves it alone (as in a build in place); what
     * the index held before is in MongoDB, which the scan reads after. Then the new index is
     * committed with the feed position reached so far (everything up to it is in it), {@code CURRENT}
     * names it, and between two rounds of the feed the searchers switch to it: a read started before
     * finishes on the old index, every later one reads the new. The old one is closed once its reads
     * are over, and removed. {@code progress} is told how far it is.
     * Waits for a build in place that is running (start-up, a broken writer) to end first.
     */
    Rebuilt rebuildBeside(String generation, RebuildProgress progress) throws IOException {
        long began = System.nanoTime();
        String from;
        long products;
        builds.lock();
        try {
            from = index.generation();
            index.openStaging(generation);
            try {
                updates.buildStarting();
                SeenSkus seen = new SeenSkus();
                source.forEach(product -> {
                    updates.scanned(product);
                    seen.add(product.sku());
                    progress.scanned(seen.size());
                });
                progress.swapping();
                updates.buildScanned(seen);
                index.mergeForReads();
                index.commitStaging(new IndexMarker(IndexMarker.FORMAT, epoch, follower.position(), rendering));
                products = seen.size();
            } catch (IOException | RuntimeException e) {
                index.dropStaging();
                throw e;
            }
        } finally {
            // not held for the swap: a build in place that the worker may start meanwhile (a broken
            // writer) writes to both indexes, and the swap waits for it on the worker
            builds.unlock();
        }
        ProductIndex.Retired old;
        try {
            old = onWorker(index::swapStaging);
        } catch (IOException | RuntimeException e) {
            index.dropStaging();
            throw e;
        }
        index.retire(old);
        long millis = (System.nanoTime() - began) / 1_000_000;
        String to = index.generation();
        LOG.infof("Search index rebuilt beside the old one: %,d products in %d ms, %s replaces %s", products, millis, to, from);
        return new Rebuilt(products, from, to, millis);
    }

    /** The delay the last round of the feed chose before the next one. */
    long nextRoundMillis() {
        return nextRoundMillis;
    }

    /** Runs {@code work} on the index's worker, between two rounds of the feed and commits. */
    private <T> T onWorker(Callable<T> work) throws IOException {
        return Futures.await(worker.submit(work), IOException.class, "the search index's worker");
    }

    /**
     * The highest revision up to which every write is over, as far as the feed says now (looking
     * back {@value #IN_FLIGHT_WINDOW} revisions): a write whose entry is missing or not done may still
     * change its products after the scan has passed them.
     */
    private long settledUpTo(long current) {
        long from = Math.max(Math.max(current - IN_FLIGHT_WINDOW, feed.trimmedThrough()), 0);
        long expected = from + 1;
        for (ChangeFeed.Entry entry : feed.progressAfter(from, IN_FLIGHT_WINDOW + 1)) {
            if (entry.revision() > current) {
                break;
            }
            if (entry.revision() != expected || !entry.done()) {
                return expected - 1;
            }
            expected++;
        }
        return Math.min(expected - 1, current);
    }

    /** The next round of {@link #maintain}, unless the service is stopping. */
    private void scheduleMaintenance(long delayMillis) {
        if (!stopping) {
            try {
                worker.schedule(this::maintainAndReschedule, delayMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException stopped) {
                // shut down between the check and here: there is no next round
            }
        }
    }

    private void maintainAndReschedule() {
        boolean behind = maintain();
        boolean quiet = System.currentTimeMillis() - lastFed >= QUIET_MILLIS;
        // a full round leaves more waiting (another replica's import): the next one at once
        nextRoundMillis = behind ? 0 : quiet ? feedIdleEveryMillis : feedEveryMillis;
        scheduleMaintenance(nextRoundMillis);
    }

    /**
     * Follows the feed; now and then commits, trims the feed, or replaces a broken index. True when
     * the round stopped at its bound, with more of the feed waiting.
     */
    private boolean maintain() {
        boolean behind = false;
        try {
            if (index.isBroken()) {
                LOG.warn("The search index writer closed after a failure; reopening and rebuilding the index from MongoDB");
                index.reopen();
                build(revision.current());
            }
            long now = System.currentTimeMillis();
            FeedFollower.Round round = follower.follow();
            if (round.entries() > 0) {
                lastFed = now;
            }
            behind = round.full();
            if (now - lastBulkRefresh >= bulkRefreshEveryMillis) {
                lastBulkRefresh = now;
                index.refreshIfDue();
            }
            index.mergeWhenFragmented(now - lastFed >= QUIET_MILLIS);
            if (now - lastCommit >= commitEveryMillis) {
                lastCommit = now;
                commitIfChanged();
            }
            if (now - lastTrim >= TRIM_EVERY_MILLIS) {
                lastTrim = now;
                feed.trimBefore(new Date(now - retentionMillis));
            }
            failing = false;
        } catch (RuntimeException | IOException e) {
            // once at WARN, then quietly until it works again: a database that is down fails every round
            if (!failing) {
                LOG.warnf("Following the change feed or maintaining the search index failed (%s); trying again every round",
                        e.toString());
                failing = true;
            } else {
                LOG.debugf("Search index maintenance still failing: %s", e);
            }
        }
        return behind;
    }

    private void commitIfChanged() {
        if (epoch != null && index.isOpen() && index.hasUncommittedChanges()) {
            index.commit(new IndexMarker(IndexMarker.FORMAT, epoch, follower.position(), rendering));
        }
    }

}

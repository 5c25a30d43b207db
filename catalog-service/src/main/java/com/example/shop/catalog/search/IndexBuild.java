package com.example.shop.catalog.search;

import com.example.shop.catalog.CatalogConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Makes this replica's index usable at start-up, on a thread of its own (start-up never waits for
 * it; readiness does): the committed index is used as it is when its {@link IndexMarker} names this
 * database, the catalog's current revision and today's rendering; otherwise (missing, cut off by a
 * kill before its first commit, another database, missed writes, other settings) it is rebuilt from
 * MongoDB. A database that cannot be reached is tried again every second. Then, every
 * {@code catalog.search.commit-every}, changes written through are committed with the revision they
 * reach, so that a restart finds them, and a writer that broke is replaced by a rebuilt index.
 */
@ApplicationScoped
public class IndexBuild {

    private static final Logger LOG = Logger.getLogger(IndexBuild.class);
    private static final long RETRY_MILLIS = 1000;

    private final ProductIndex index;
    private final IndexUpdates updates;
    private final CatalogRevision revision;
    private final ProductSource source;
    private final String rendering;
    private final long commitEveryMillis;
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "search-index");
        thread.setDaemon(true);
        return thread;
    });

    IndexBuild(ProductIndex index, IndexUpdates updates, CatalogRevision revision, ProductSource source,
               CatalogConfig config) {
        this.index = index;
        this.updates = updates;
        this.revision = revision;
        this.source = source;
        // the stored JSON of a product that inherits the platform's per-cart limit shows its value
        this.rendering = "default-max-per-cart=" + config.products().defaultMaxPerCart();
        this.commitEveryMillis = config.search().commitEvery().toMillis();
    }

    void onStart(@Observes StartupEvent event) {
        worker.execute(this::makeUsable);
    }

    void onStop(@Observes ShutdownEvent event) {
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
            commitIfChanged();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException e) {
            LOG.warn("The search index could not be committed at shutdown; it is checked at the next start", e);
        }
    }

    /** Stops the background work without a last commit, as a process that dies would. */
    void onStopWithoutCommit() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void makeUsable() {
        boolean warned = false;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                index.open();
                CatalogRevision.Stamp now = revision.current();
                IndexMarker committed = index.committedMarker();
                if (committed != null && committed.isCurrent(now, rendering)) {
                    updates.completeAt(now);
                    LOG.infof("Search index is current (revision %d): used as it is", now.revision());
                } else {
                    build(now);
                }
                index.markUsable();
                worker.scheduleWithFixedDelay(this::maintain, commitEveryMillis, commitEveryMillis,
                        TimeUnit.MILLISECONDS);
                return;
            } catch (RuntimeException | IOException e) {
                if (!warned) {
                    LOG.warnf("Search index not usable yet (%s); trying again every second", e.toString());
                    warned = true;
                }
                try {
                    Thread.sleep(RETRY_MILLIS);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /**
     * Rebuilds the index from MongoDB now, in place, while it serves: every product is put again and
     * what MongoDB no longer has is removed, so a read sees each product either as it was or as it is
     * (for a database changed behind the service's back). Waits for the start-up build first.
     */
    public void rebuild() {
        try {
            worker.submit(() -> {
                if (index.isBroken()) {
                    index.reopen();
                }
                build(revision.current());
                return null;
            }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while rebuilding the search index", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("rebuilding the search index failed", e.getCause());
        }
    }

    /**
     * Builds the index from MongoDB in place, starting from {@code start}: every product is put,
     * then what the index holds beyond them is removed, and one commit carries the marker. Reads
     * are refused meanwhile (the replica is not ready); writes go on and win over the scan.
     */
    private void build(CatalogRevision.Stamp start) throws IOException {
        long began = System.nanoTime();
        updates.buildStarting();
        Set<String> seen = new HashSet<>();
        source.forEach(product -> {
            updates.scanned(product);
            seen.add(product.sku());
        });
        updates.buildScanned(seen);
        updates.completeAt(start);
        index.commit(new IndexMarker(IndexMarker.FORMAT, start.epoch(), updates.committable().revision(), rendering));
        LOG.infof("Search index built from MongoDB: %,d products in %d ms (revision %d)", seen.size(),
                (System.nanoTime() - began) / 1_000_000, start.revision());
    }

    /** Commits what was written through; rebuilds an index whose writer broke (its uncommitted changes are lost). */
    private void maintain() {
        try {
            if (index.isBroken()) {
                LOG.warn("The search index writer closed after a failure; reopening and rebuilding the index from MongoDB");
                index.reopen();
                build(revision.current());
            } else {
                commitIfChanged();
            }
        } catch (RuntimeException | IOException e) {
            LOG.warnf("Maintaining the search index failed (%s); trying again later", e.toString());
        }
    }

    private void commitIfChanged() throws IOException {
        CatalogRevision.Stamp reached = updates.committable();
        if (index.isOpen() && index.hasUncommittedChanges() && reached != null) {
            index.commit(new IndexMarker(IndexMarker.FORMAT, reached.epoch(), reached.revision(), rendering));
        }
    }
}

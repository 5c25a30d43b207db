package com.example.shop.catalog.search;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * The rebuild job: a new index built from MongoDB beside the one in use and swapped in
 * ({@link IndexBuild#rebuildBeside}), with the products scanned as its progress (of the index's
 * size when it began, an estimate).
 */
@ApplicationScoped
class RebuildIndex {

    private final IndexBuild build;
    private final ProductIndex index;
    /** For tests only (never set otherwise): holds the next rebuild's scan after some products. */
    private volatile Hold hold;

    private final SearchIndexRuns runs;

    RebuildIndex(IndexBuild build, ProductIndex index, SearchIndexRuns runs) {
        this.build = build;
        this.index = index;
        this.runs = runs;
    }

    /** Starts a rebuild run on this replica. */
    SearchIndexRun start() {
        return runs.start(SearchIndexRuns.REBUILD, "scan", this::rebuild);
    }

    Document rebuild(SearchIndexRuns.Run run) throws IOException {
        long total = index.size();
        run.progress("scan", 0, total);
        IndexBuild.Rebuilt rebuilt = build.rebuildBeside(new IndexBuild.RebuildProgress() {
            @Override
            public void scanned(long products) {
                run.done(products);
                Hold held = hold;
                if (held != null && products == held.after) {
                    hold = null;
                    held.hold();
                }
            }

            @Override
            public void swapping() {
                run.progress("swap", 0, 1);
            }
        });
        run.progress("done", rebuilt.products(), rebuilt.products());
        return StoredIndexRun.rebuildReport(
                new SearchIndexRun.RebuildReport(rebuilt.products(), rebuilt.from(), rebuilt.to(), rebuilt.millis()));
    }

    /**
     * For tests: the next rebuild stops after scanning {@code after} products (outside every lock:
     * reads and writes go on) until the hold is released, so that a test can write during a rebuild.
     */
    Hold holdNextRebuildAfter(long after) {
        Hold held = new Hold(after);
        hold = held;
        return held;
    }

    /** A rebuild held in its scan, for tests. */
    static final class Hold {
        private final long after;
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private Hold(long after) {
            this.after = after;
        }

        private void hold() {
            reached.countDown();
            try {
                released.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Waits until the rebuild is held; false when it was not within the time. */
        boolean awaitHeld(long seconds) throws InterruptedException {
            return reached.await(seconds, TimeUnit.SECONDS);
        }

        void release() {
            released.countDown();
        }
    }
}

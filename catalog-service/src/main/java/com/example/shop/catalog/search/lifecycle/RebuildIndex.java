package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.search.index.ProductIndex;
import jakarta.inject.Singleton;
import java.io.IOException;
import org.bson.Document;

/**
 * The rebuild job: a new index built from MongoDB beside the one in use and swapped in
 * ({@link IndexBuild#rebuildBeside}), with the products scanned as its progress (of the index's
 * size when it began, an estimate). {@link RebuildPoints} sees the scan go by (a no-op but in tests).
 */
@Singleton
record RebuildIndex(IndexBuild build, ProductIndex index, SearchIndexRuns runs, RebuildPoints points) {

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
                points.scanned(products);
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
}

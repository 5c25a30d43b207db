package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.web.runs.Run;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rebuild job: a new index built from MongoDB beside the one in use and swapped in
 * ({@link IndexBuild#rebuildBeside}), with the products scanned as its progress (of the index's
 * size when it began, an estimate). Its run is labelled with the generation it builds
 * ({@code index}) and the one it replaces ({@code replaced}). {@link RebuildSeam#SCANNED} sees the
 * scan go by (a no-op but in tests).
 */
@Singleton
record RebuildIndex(IndexBuild build, ProductIndex index, IndexJobs jobs, Seams seams) {

    static final String INDEX = "index";
    static final String REPLACED = "replaced";

    /** Starts a rebuild run on this replica. */
    Run start() {
        String replaced = index.generation();
        String next;
        try {
            next = index.nextGeneration();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(INDEX, next);
        labels.put(REPLACED, replaced);
        return jobs.start(IndexJobs.Kind.REBUILD, labels, progress -> rebuild(next, progress));
    }

    IndexJobs.Outcome rebuild(String generation, IndexJobs.Progress progress) throws IOException {
        long total = index.size();
        progress.step(0, total);
        IndexBuild.Rebuilt rebuilt = build.rebuildBeside(generation, new IndexBuild.RebuildProgress() {
            @Override
            public void scanned(long products) {
                progress.done(products);
                seams.reached(RebuildSeam.SCANNED, products);
            }

            @Override
            public void swapping() {
                progress.step(0, 1);
            }
        });
        progress.step(rebuilt.products(), rebuilt.products());
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("products", rebuilt.products());
        counts.put("millis", rebuilt.millis());
        return new IndexJobs.Outcome(counts, List.of());
    }
}

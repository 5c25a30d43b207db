package com.example.shop.catalog.search.index;

import com.example.shop.problems.Problems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;
import java.util.function.BiFunction;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.jboss.logging.Logger;

/**
 * The generation reads and writes go to now, and the reads of it: each gets a point-in-time
 * searcher and a tag naming the state it sees, and a read that meets a rebuild's swap reads the
 * generation in use after it. Reads are counted on their generation, so that one swapped out is
 * closed once they are over.
 */
final class CurrentGeneration {

    private static final Logger LOG = Logger.getLogger(CurrentGeneration.class);

    /** Distinguishes this opening of the index from any other replica's or an earlier run's (for ETags). */
    private final String instance = UUID.randomUUID().toString().substring(0, 8);
    private volatile Generation inUse;

    /** The generation in use, or null when the index is not open. */
    Generation get() {
        return inUse;
    }

    /** The generation in use; a 503 naming the index when it is not open. */
    Generation require() {
        Generation current = inUse;
        if (current == null) {
            throw Problems.unavailable(ProductIndex.DEPENDENCY, "The search index of this replica is not open yet; retry shortly");
        }
        return current;
    }

    /** From now on reads and writes go to {@code next} (null: the index is closed). */
    void set(Generation next) {
        inUse = next;
    }

    /**
     * Runs {@code read} on the current searcher; the tag passed along names the index state it sees
     * (this opening and the reader's version), so that an answer's ETag moves exactly when the index does.
     */
    <T> T read(BiFunction<IndexSearcher, String, T> read) {
        while (true) {
            Generation current = require();
            current.readers().incrementAndGet();
            try {
                if (current != inUse) {
                    continue; // swapped by a rebuild between the two reads: read the index in use now
                }
                SearcherManager searchers = current.searchers();
                IndexSearcher searcher;
                try {
                    searcher = searchers.acquire();
                } catch (AlreadyClosedException e) {
                    if (current != inUse) {
                        continue;
                    }
                    throw e;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                try {
                    long version = ((DirectoryReader) searcher.getIndexReader()).getVersion();
                    return read.apply(searcher, instance + "." + current.name() + "." + version);
                } finally {
                    try {
                        searchers.release(searcher);
                    } catch (IOException | AlreadyClosedException e) {
                        LOG.debug("releasing a searcher failed", e);
                    }
                }
            } finally {
                current.readers().decrementAndGet();
            }
        }
    }

    /** Makes every change so far visible to the reads that start after this returns. */
    void refresh() {
        Generation current = require();
        try {
            Uninterrupted.run(() -> current.searchers().maybeRefreshBlocking());
        } catch (AlreadyClosedException e) {
            if (current == inUse) {
                throw e;
            }
            refresh(); // swapped by a rebuild meanwhile: the index in use now
        }
    }
}

package com.example.shop.catalog.search.index;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.IndexWriter;
import org.jboss.logging.Logger;

/**
 * When the index in use is merged into one segment for reads. A listing pays for every segment (its
 * sort's comparators, its skipping structures, the terms of {@code q} looked up in each), and writes
 * that come one by one (a bulk import, here or on another replica through the feed) leave many:
 * each refresh of a write makes one, and Lucene's merge policy keeps a dozen or more. So once the
 * index has been quiet and the writes since the last merge reach
 * {@value #MERGE_AFTER_WRITES_PERCENT} % of its products, the whole index is merged in Lucene's
 * merge thread (reads and writes go on meanwhile), and reads move to it once the merge is over.
 * Smaller edits are left to the merge policy: a merge rewrites the whole index.
 */
final class SegmentMerges {

    /** A merge starts once the writes since the last one reach this share of the index's products. */
    static final int MERGE_AFTER_WRITES_PERCENT = 10;
    private static final Logger LOG = Logger.getLogger(SegmentMerges.class);

    /** Puts and removals since the index in use was last merged into one segment. */
    private final AtomicLong writesSinceMerge = new AtomicLong();
    /** The writer whose merge {@link #step} started and has not seen end; only its caller's thread touches it. */
    private IndexWriter merging;
    private long mergeStarted;

    /** One more put or removal. */
    void written() {
        writesSinceMerge.incrementAndGet();
    }

    /** The index was just merged whole (at the end of a build). */
    void merged() {
        writesSinceMerge.set(0);
    }

    /**
     * Called by the index's worker between rounds of the feed with the writer in use: starts a merge
     * when one is due, or once the merge it started is over, makes reads see it ({@code refresh}).
     */
    void step(IndexWriter writer, boolean quiet, Runnable refresh) {
        if (merging != null) {
            boolean ours = merging == writer && writer.isOpen(); // not swapped by a rebuild or closed meanwhile
            if (ours && (writer.hasPendingMerges() || !writer.getMergingSegments().isEmpty())) {
                return;
            }
            if (ours) {
                refresh.run();
                LOG.infof("Search index merged into one segment for reads in %d ms", (System.nanoTime() - mergeStarted) / 1_000_000);
            }
            merging = null;
            return;
        }
        long written = writesSinceMerge.get();
        if (!quiet || written == 0 || written * 100 < (long) writer.getDocStats().numDocs * MERGE_AFTER_WRITES_PERCENT) {
            return;
        }
        writesSinceMerge.set(0);
        mergeStarted = System.nanoTime();
        Uninterrupted.run(() -> writer.forceMerge(1, false));
        merging = writer;
    }
}

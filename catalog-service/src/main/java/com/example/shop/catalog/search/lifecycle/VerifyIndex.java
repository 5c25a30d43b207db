package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.search.ProductSource;
import com.example.shop.catalog.search.feed.SeenSkus;
import com.example.shop.catalog.search.index.ProductDocuments;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.web.runs.Run;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.IntroSorter;

/**
 * Compares this replica's index with MongoDB, product by product: which skus MongoDB has and the
 * index lacks, which the index has and MongoDB no longer does, and which the index holds at another
 * version than MongoDB. Cheap in memory at any catalog size: the index side is read once from its
 * doc values into two arrays (sku hash, version: 16 bytes a product) sorted by hash; MongoDB is streamed (sku and version only, a page at a time along {@code _id}) and each
 * product looked up there; a second walk over the index names the skus MongoDB never matched. Only
 * the first 100 skus of each kind (in sku order) are kept, every one is counted.
 *
 * <p>The index side is one point-in-time searcher held for the whole run. A product written while
 * the run reads MongoDB can show as a difference that is gone a moment later (another replica's
 * write reaches this index within a second of MongoDB); a difference that a second verify still
 * reports is real.
 */
@Singleton
record VerifyIndex(ProductIndex index, ProductSource source, IndexJobs jobs) {

    static final int LISTED = 100;
    private static final long NO_VERSION = Long.MIN_VALUE;

    /** Starts a verify run on this replica. */
    Run start() {
        return jobs.start(IndexJobs.Kind.VERIFY, Map.of(), this::verify);
    }

    IndexJobs.Outcome verify(IndexJobs.Progress progress) {
        VerifyFindings found = index.read((searcher, tag) -> {
            try {
                return compare(searcher.getIndexReader(), progress);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return new IndexJobs.Outcome(found.counts(), found.problems());
    }

    private VerifyFindings compare(IndexReader reader, IndexJobs.Progress progress) throws IOException {
        // 1. the index: (sku hash, version) of every product, sorted by hash
        int capacity = reader.numDocs();
        progress.step(0, capacity);
        long[] hashes = new long[Math.max(capacity, 1)];
        long[] versions = new long[hashes.length];
        int[] size = {0};
        forEachIndexed(reader, (sku, version) -> {
            if (size[0] == hashes.length) {
                throw new IllegalStateException("more live documents than the reader counts");
            }
            hashes[size[0]] = SeenSkus.hash(sku);
            versions[size[0]] = version;
            size[0]++;
            progress.done(size[0]);
        });
        int indexed = size[0];
        sortByHash(hashes, versions, indexed);

        // 2. MongoDB, streamed: each product looked up in the index's arrays
        progress.step(0, indexed);
        FixedBitSet matched = new FixedBitSet(Math.max(indexed, 1));
        TreeSet<String> missing = new TreeSet<>();
        TreeMap<String, Long[]> differing = new TreeMap<>();
        long[] counts = new long[3]; // database, missing, differing
        source.forEachVersion((sku, version) -> {
            counts[0]++;
            int at = Arrays.binarySearch(hashes, 0, indexed, SeenSkus.hash(sku));
            if (at < 0) {
                counts[1]++;
                keepFirst(missing, sku);
            } else {
                matched.set(at);
                long inIndex = versions[at];
                boolean same = version == null ? inIndex == NO_VERSION : inIndex == version;
                if (!same) {
                    counts[2]++;
                    differing.put(sku, new Long[] {inIndex == NO_VERSION ? null : inIndex, version});
                    if (differing.size() > LISTED) {
                        differing.pollLastEntry();
                    }
                }
            }
            progress.done(counts[0]);
        });

        // 3. the index again: the skus no MongoDB product matched
        progress.step(0, indexed);
        long extraCount = indexed - matched.cardinality();
        TreeSet<String> extra = new TreeSet<>();
        if (extraCount > 0) {
            long[] walked = {0};
            forEachIndexed(reader, (sku, version) -> {
                int at = Arrays.binarySearch(hashes, 0, indexed, SeenSkus.hash(sku));
                if (at >= 0 && !matched.get(at)) {
                    keepFirst(extra, sku);
                }
                progress.done(++walked[0]);
            });
        }
        progress.step(counts[0], counts[0]);

        List<VerifyFindings.VersionDifference> first = new ArrayList<>();
        for (Map.Entry<String, Long[]> difference : differing.entrySet()) {
            first.add(new VerifyFindings.VersionDifference(difference.getKey(), difference.getValue()[0], difference.getValue()[1]));
        }
        return new VerifyFindings(indexed, counts[0], counts[1], List.copyOf(missing), extraCount, List.copyOf(extra),
                counts[2], first);
    }

    private interface Indexed {
        void accept(String sku, long version);
    }

    /** Every live product of the reader: its sku and version ({@link #NO_VERSION} when it has none). */
    private static void forEachIndexed(IndexReader reader, Indexed each) throws IOException {
        for (LeafReaderContext leaf : reader.leaves()) {
            SortedDocValues skus = leaf.reader().getSortedDocValues(ProductDocuments.SKU);
            if (skus == null) {
                continue;
            }
            NumericDocValues versions = leaf.reader().getNumericDocValues(ProductDocuments.VERSION);
            Bits live = leaf.reader().getLiveDocs();
            for (int doc = skus.nextDoc(); doc != SortedDocValues.NO_MORE_DOCS; doc = skus.nextDoc()) {
                if (live != null && !live.get(doc)) {
                    continue;
                }
                long version = versions != null && versions.advanceExact(doc) ? versions.longValue() : NO_VERSION;
                each.accept(skus.lookupOrd(skus.ordValue()).utf8ToString(), version);
            }
        }
    }

    private static void keepFirst(TreeSet<String> first, String sku) {
        first.add(sku);
        if (first.size() > LISTED) {
            first.pollLast();
        }
    }

    private static void sortByHash(long[] hashes, long[] versions, int size) {
        new IntroSorter() {
            private long pivot;

            @Override
            protected void swap(int i, int j) {
                long hash = hashes[i];
                hashes[i] = hashes[j];
                hashes[j] = hash;
                long version = versions[i];
                versions[i] = versions[j];
                versions[j] = version;
            }

            @Override
            protected int compare(int i, int j) {
                return Long.compare(hashes[i], hashes[j]);
            }

            @Override
            protected void setPivot(int i) {
                pivot = hashes[i];
            }

            @Override
            protected int comparePivot(int j) {
                return Long.compare(pivot, hashes[j]);
            }
        }.sort(0, size);
    }
}

package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.Bits;
import org.jboss.logging.Logger;

/**
 * One generation of the index, open: its directory, the {@link IndexWriter} every change goes
 * through, the {@link SearcherManager} that hands out point-in-time searchers, and how many reads
 * use it now (so that a generation swapped out is closed once they are over).
 */
record Generation(String name, FSDirectory directory, IndexWriter writer, SearcherManager searchers, AtomicInteger readers) {

    private static final Logger LOG = Logger.getLogger(Generation.class);

    private Generation(String name, FSDirectory directory, IndexWriter writer, FilterCache filters) throws IOException {
        this(name, directory, writer, new SearcherManager(writer, true, false, filters), new AtomicInteger());
    }

    /**
     * Opens the generation {@code name} in {@code path} as its last commit left it. One that cannot be
     * read (cut off mid-write by a kill; written in another order than the index sort, or in another
     * format) is started over empty, to be rebuilt rather than repaired.
     */
    static Generation open(String name, Path path, FilterCache filters) throws IOException {
        Files.createDirectories(path);
        FSDirectory directory = FSDirectory.open(path);
        IndexWriter writer;
        try {
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
            IndexMarker marker = IndexMarker.committedIn(directory);
            if (marker != null && marker.format() != IndexMarker.FORMAT) {
                // its fields are indexed otherwise (Lucene refuses a field whose index options change): rebuilt from nothing
                writer.rollback();
                throw new IllegalArgumentException("written in index format " + marker.format() + ", not " + IndexMarker.FORMAT);
            }
        } catch (IOException | IllegalArgumentException e) {
            if (e instanceof LockObtainFailedException) {
                directory.close();
                throw e; // another process holds it: a misconfigured directory shared by two replicas
            }
            LOG.warnf("Search index at %s cannot be opened (%s); starting a new one", path, e.toString());
            directory.close();
            IndexGenerations.wipe(path);
            directory = FSDirectory.open(path);
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE));
        }
        return new Generation(name, directory, writer, filters);
    }

    /** Creates the generation {@code name} in {@code path}, empty: whatever was there is removed. */
    static Generation create(String name, Path path, FilterCache filters) throws IOException {
        if (Files.isDirectory(path)) {
            IndexGenerations.wipe(path);
        }
        Files.createDirectories(path);
        FSDirectory directory = FSDirectory.open(path);
        IndexWriter writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE));
        return new Generation(name, directory, writer, filters);
    }

    private static IndexWriterConfig config(IndexWriterConfig.OpenMode mode) {
        return new IndexWriterConfig(Analyzers.forIndexing()).setOpenMode(mode).setCommitOnClose(false)
                .setIndexSort(ProductDocuments.indexOrder())
                .setRAMBufferSizeMB(16); // Lucene's default: the heap is 160 MB in production
    }

    /** How many segments its reads see now. */
    int segments() {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                return searcher.getIndexReader().leaves().size();
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every sku its reads see now. */
    void forEachSku(Consumer<String> each) throws IOException {
        IndexSearcher searcher = searchers.acquire();
        try {
            for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                SortedDocValues skus = leaf.reader().getSortedDocValues(ProductDocuments.SKU);
                Bits live = leaf.reader().getLiveDocs();
                if (skus == null) {
                    continue;
                }
                for (int doc = skus.nextDoc(); doc != SortedDocValues.NO_MORE_DOCS; doc = skus.nextDoc()) {
                    if (live == null || live.get(doc)) {
                        each.accept(skus.lookupOrd(skus.ordValue()).utf8ToString());
                    }
                }
            }
        } finally {
            searchers.release(searcher);
        }
    }

    /** Closes the generation in use at shutdown: its uncommitted changes are dropped (the next start checks the marker). */
    void close() {
        try {
            searchers.close();
            writer.rollback();
        } catch (IOException e) {
            LOG.warn("Closing the search index failed", e);
        }
        try {
            directory.close();
        } catch (IOException e) {
            LOG.debug("closing the index directory failed", e);
        }
    }

    /** Closes what is left of a generation whose writer broke. */
    void closeBroken() {
        try {
            searchers.close();
            directory.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing a broken index", e);
        }
    }

    /** Closes a generation swapped out or given up, its uncommitted changes dropped. */
    void closeQuietly() {
        try {
            searchers.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's searchers failed", e);
        }
        try {
            writer.rollback();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's writer failed", e);
        }
        try {
            directory.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's directory failed", e);
        }
    }
}

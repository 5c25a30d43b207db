package com.example.shop.catalog.search;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.problems.Problems;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.jboss.logging.Logger;

/**
 * This replica's search index of the products, in its own directory ({@code catalog.search.directory}):
 * one {@link IndexWriter} that every change goes through, and a {@link SearcherManager} that hands
 * out point-in-time searchers. Reads never wait for writes: a reader keeps the searcher it
 * acquired while the writer goes on, and a refresh (near-real-time, without a commit to disk)
 * makes the next reads see the changes. Commits, which make the index survive a restart, carry
 * an {@link IndexMarker}.
 *
 * <p>Until a build or the check of the committed index has made it usable ({@link #markUsable()}),
 * reads are a 503 naming {@code search-index}, and readiness is DOWN.
 */
@ApplicationScoped
class ProductIndex {

    static final String DEPENDENCY = "search-index";
    private static final Logger LOG = Logger.getLogger(ProductIndex.class);

    private record Opened(FSDirectory directory, IndexWriter writer, SearcherManager searchers) {
    }

    private final Path path;
    /** Distinguishes this opening of the index from any other replica's or an earlier run's (for ETags). */
    private final String instance = UUID.randomUUID().toString().substring(0, 8);
    private volatile Opened opened;
    private volatile boolean usable;

    ProductIndex(CatalogConfig config) {
        this.path = Path.of(config.search().directory());
    }

    /** Opens the index directory (creating it, or starting over when what is there cannot be read). Idempotent. */
    synchronized void open() throws IOException {
        if (opened != null) {
            return;
        }
        Files.createDirectories(path);
        FSDirectory directory = FSDirectory.open(path);
        IndexWriter writer;
        try {
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
        } catch (IOException e) {
            if (e instanceof org.apache.lucene.store.LockObtainFailedException) {
                directory.close();
                throw e; // another process holds it: a misconfigured directory shared by two replicas
            }
            // an index that cannot be opened (cut off mid-write by a kill) is rebuilt, not repaired
            LOG.warnf("Search index at %s cannot be opened (%s); starting a new one", path, e.toString());
            directory.close();
            wipe(path);
            directory = FSDirectory.open(path);
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE));
        }
        opened = new Opened(directory, writer, new SearcherManager(writer, true, false, null));
    }

    private static IndexWriterConfig config(IndexWriterConfig.OpenMode mode) {
        return new IndexWriterConfig(Analyzers.forIndexing()).setOpenMode(mode).setCommitOnClose(false)
                .setRAMBufferSizeMB(16); // Lucene's default: the heap is 160 MB in production
    }

    private static void wipe(Path path) throws IOException {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (!file.equals(path)) {
                    Files.delete(file);
                }
            }
        }
    }

    /** The marker of the last commit, or null when there is none or it has none. */
    IndexMarker committedMarker() throws IOException {
        try {
            return IndexMarker.of(SegmentInfos.readLatestCommit(opened().directory()).getUserData());
        } catch (IndexNotFoundException e) {
            return null;
        }
    }

    void upsert(ListedProduct product) {
        uninterrupted(() -> opened().writer().updateDocument(ProductDocuments.idOf(product.sku()), ProductDocuments.of(product)));
    }

    void delete(String sku) {
        uninterrupted(() -> opened().writer().deleteDocuments(ProductDocuments.idOf(sku)));
    }

    /** Makes every change so far visible to the reads that start after this returns. */
    void refresh() {
        uninterrupted(() -> opened().searchers().maybeRefreshBlocking());
    }

    /** Writes the changes so far to disk as one commit carrying {@code marker}. */
    void commit(IndexMarker marker) {
        uninterrupted(() -> {
            IndexWriter writer = opened().writer();
            writer.setLiveCommitData(marker.userData().entrySet());
            writer.commit();
        });
    }

    private interface IndexWork {
        void run() throws IOException;
    }

    /**
     * Runs index work with the thread's interrupt flag cleared (and set again after): Lucene writes
     * through interruptible file channels, and an interrupted write closes the whole writer for good
     * (in the tests, the import worker interrupted by a simulated kill did exactly that).
     */
    private static void uninterrupted(IndexWork work) {
        boolean interrupted = Thread.interrupted();
        try {
            work.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Whether the writer closed itself after a failure it cannot recover from (a disk error, or an
     * interrupt that came anyway): its changes since the last commit are lost, so the caller reopens
     * the index ({@link #reopen()}) and rebuilds it.
     */
    boolean isBroken() {
        Opened current = opened;
        return current != null && !current.writer().isOpen();
    }

    /** Closes what is left of a broken index and opens it again (the last commit, or an empty index). */
    synchronized void reopen() throws IOException {
        Opened broken = opened;
        opened = null;
        if (broken != null) {
            try {
                broken.searchers().close();
                broken.directory().close();
            } catch (IOException | RuntimeException e) {
                LOG.debug("closing a broken index", e);
            }
        }
        open();
    }

    boolean hasUncommittedChanges() {
        Opened current = opened;
        return current != null && current.writer().hasUncommittedChanges();
    }

    /** Every sku the index holds now (after a {@link #refresh()}). */
    void forEachSku(Consumer<String> each) throws IOException {
        SearcherManager searchers = opened().searchers();
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

    boolean isOpen() {
        return opened != null;
    }

    void markUsable() {
        usable = true;
    }

    boolean isUsable() {
        return usable;
    }

    /**
     * Runs {@code read} on the current searcher; the tag passed along names the index state it sees
     * (this opening and the reader's version), so that an answer's ETag moves exactly when the index does.
     */
    <T> T read(java.util.function.BiFunction<IndexSearcher, String, T> read) {
        if (!usable) {
            throw Problems.unavailable(DEPENDENCY, "The search index of this replica is being built; retry shortly");
        }
        SearcherManager searchers = opened().searchers();
        IndexSearcher searcher;
        try {
            searcher = searchers.acquire();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            long version = ((DirectoryReader) searcher.getIndexReader()).getVersion();
            return read.apply(searcher, instance + "." + version);
        } finally {
            try {
                searchers.release(searcher);
            } catch (IOException e) {
                LOG.debug("releasing a searcher failed", e);
            }
        }
    }

    /** Documents in the index now (for logs and tests of the build). */
    int size() {
        return read((searcher, tag) -> searcher.getIndexReader().numDocs());
    }

    private Opened opened() {
        Opened current = opened;
        if (current == null) {
            throw Problems.unavailable(DEPENDENCY, "The search index of this replica is not open yet; retry shortly");
        }
        return current;
    }

    @PreDestroy
    synchronized void close() {
        Opened current = opened;
        opened = null;
        usable = false;
        if (current == null) {
            return;
        }
        try {
            current.searchers().close();
            current.writer().rollback(); // uncommitted changes are dropped: the next start checks the marker
        } catch (IOException e) {
            LOG.warn("Closing the search index failed", e);
        }
        try {
            current.directory().close();
        } catch (IOException e) {
            LOG.debug("closing the index directory failed", e);
        }
    }
}

package com.example.shop.catalog.search.index;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.problems.Problems;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
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
 *
 * <p>On disk, {@code catalog.search.directory} holds generations of the index ({@code index-1},
 * {@code index-2}, ...) and a file {@code CURRENT} naming the one in use. A rebuild beside the
 * index ({@link #openStaging}) builds the next generation while this one serves reads and
 * writes; every write made meanwhile goes to both ({@link #upsert}, {@link #delete}); then
 * {@link #swapStaging()} makes it the index in use (the pointer first, then the searchers), and
 * {@link #retire} closes and removes the old one once the reads that were using it are over.
 * A generation that is not the one in use (a rebuild killed before its swap, an old one not
 * removed yet) is removed when the index is opened.
 */
@ApplicationScoped
public class ProductIndex {

    public static final String DEPENDENCY = "search-index";
    private static final Logger LOG = Logger.getLogger(ProductIndex.class);

    /** One generation of the index, open: its directory, writer and searchers, and the reads using it now. */
    private record Opened(String name, FSDirectory directory, IndexWriter writer, SearcherManager searchers,
                          AtomicInteger readers) {

        Opened(String name, FSDirectory directory, IndexWriter writer, FilterCache filters) throws IOException {
            this(name, directory, writer, new SearcherManager(writer, true, false, filters), new AtomicInteger());
        }
    }

    /** An index swapped out by a rebuild, to be closed and removed ({@link #retire}). */
    public static final class Retired {
        private final Opened opened;

        private Retired(Opened opened) {
            this.opened = opened;
        }

        String name() {
            return opened.name();
        }
    }

    static final String CURRENT = "CURRENT";
    private static final Pattern GENERATION = Pattern.compile("index-([0-9]{1,9})");
    /** Files of an index kept directly in the directory (before generations), removed at open. */
    private static final Pattern LEGACY_FILE = Pattern.compile("(segments.*|pending_segments.*|write\\.lock|_.+|CURRENT\\.tmp)");
    private static final long RETIRE_WAIT_MILLIS = 5_000;

    private final Path path;
    /** Guards the generation a write goes to against a swap: a write lands in both indexes or in the new one. */
    private final Object writes = new Object();
    /** The next generation, while a rebuild beside the index builds it; null otherwise. */
    private volatile Opened staging;
    /** The thread running the rebuild beside the index: its own puts and removals go to the new generation only. */
    private volatile Thread stagingBuilder;
    /** Distinguishes this opening of the index from any other replica's or an earlier run's (for ETags). */
    private final String instance = UUID.randomUUID().toString().substring(0, 8);
    private volatile Opened opened;
    private volatile boolean usable;
    /** One cache of filter matches for every generation's searchers: its entries are per segment. */
    private final FilterCache filters = new FilterCache();
    /** Puts and removals since the index in use was last merged into one segment. */
    private final AtomicLong writesSinceMerge = new AtomicLong();
    /** The writer whose merge {@link #mergeWhenFragmented} started and has not seen end; only its caller's thread touches it. */
    private IndexWriter merging;
    private long mergeStarted;
    /** A merge starts once the writes since the last one reach this share of the index's products. */
    static final int MERGE_AFTER_WRITES_PERCENT = 10;

    ProductIndex(CatalogConfig config) {
        this.path = Path.of(config.search().directory());
    }

    /**
     * Opens the generation in use (creating the first one, or starting it over when what is there
     * cannot be read) and removes every other generation. Idempotent.
     */
    public synchronized void open() throws IOException {
        if (opened != null) {
            return;
        }
        Files.createDirectories(path);
        String name = current();
        if (name == null) {
            name = nextGeneration();
            pointTo(name);
        }
        Path generation = path.resolve(name);
        Files.createDirectories(generation);
        FSDirectory directory = FSDirectory.open(generation);
        IndexWriter writer;
        try {
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
            IndexMarker marker = markerOf(directory);
            if (marker != null && marker.format() != IndexMarker.FORMAT) {
                // its fields are indexed otherwise (Lucene refuses a field whose index options change): rebuilt from nothing
                writer.rollback();
                throw new IllegalArgumentException("written in index format " + marker.format() + ", not " + IndexMarker.FORMAT);
            }
        } catch (IOException | IllegalArgumentException e) {
            if (e instanceof org.apache.lucene.store.LockObtainFailedException) {
                directory.close();
                throw e; // another process holds it: a misconfigured directory shared by two replicas
            }
            // an index that cannot be opened (cut off mid-write by a kill; written in another order
            // than the index sort, or in another format: an IllegalArgumentException) is rebuilt, not repaired
            LOG.warnf("Search index at %s cannot be opened (%s); starting a new one", generation, e.toString());
            directory.close();
            wipe(generation);
            directory = FSDirectory.open(generation);
            writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE));
        }
        opened = new Opened(name, directory, writer, filters);
        removeAllBut(name);
    }

    /** The generation {@code CURRENT} names, or null when there is none (a new directory, or one from before generations). */
    private String current() throws IOException {
        Path pointer = path.resolve(CURRENT);
        if (!Files.exists(pointer)) {
            return null;
        }
        String name = Files.readString(pointer, StandardCharsets.UTF_8).trim();
        return GENERATION.matcher(name).matches() ? name : null;
    }

    /** Names {@code name} in {@code CURRENT}, atomically: a kill leaves the old name or the new one. */
    private void pointTo(String name) throws IOException {
        Path temporary = path.resolve(CURRENT + ".tmp");
        Files.writeString(temporary, name, StandardCharsets.UTF_8);
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(temporary,
                java.nio.file.StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, path.resolve(CURRENT), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The name the next generation takes: one past the highest on disk or named in {@code CURRENT}. */
    public String nextGeneration() throws IOException {
        long highest = 0;
        try (Stream<Path> entries = Files.list(path)) {
            for (Path entry : entries.toList()) {
                Matcher generation = GENERATION.matcher(entry.getFileName().toString());
                if (generation.matches()) {
                    highest = Math.max(highest, Long.parseLong(generation.group(1)));
                }
            }
        }
        String current = current();
        if (current != null) {
            Matcher generation = GENERATION.matcher(current);
            if (generation.matches()) {
                highest = Math.max(highest, Long.parseLong(generation.group(1)));
            }
        }
        return "index-" + (highest + 1);
    }

    /** Removes the generations other than {@code keep} and the files of an index from before generations. */
    private void removeAllBut(String keep) {
        try (Stream<Path> entries = Files.list(path)) {
            for (Path entry : entries.toList()) {
                String name = entry.getFileName().toString();
                boolean otherGeneration = GENERATION.matcher(name).matches() && !name.equals(keep)
                        && !name.equals(stagingGeneration()) && Files.isDirectory(entry);
                boolean legacy = Files.isRegularFile(entry) && LEGACY_FILE.matcher(name).matches();
                if (otherGeneration) {
                    wipe(entry);
                    Files.deleteIfExists(entry);
                } else if (legacy) {
                    Files.deleteIfExists(entry);
                }
            }
        } catch (IOException e) {
            LOG.warnf("Old search index files under %s not removed (%s); they are removed at the next start", path, e.toString());
        }
    }

    /** The name of the generation in use (for the rebuild's report). */
    public String generation() {
        return opened().name();
    }

    private static IndexWriterConfig config(IndexWriterConfig.OpenMode mode) {
        return new IndexWriterConfig(Analyzers.forIndexing()).setOpenMode(mode).setCommitOnClose(false)
                .setIndexSort(ProductDocuments.indexOrder())
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
    public IndexMarker committedMarker() throws IOException {
        return markerOf(opened().directory());
    }

    private static IndexMarker markerOf(Directory directory) throws IOException {
        try {
            return IndexMarker.of(SegmentInfos.readLatestCommit(directory).getUserData());
        } catch (IndexNotFoundException e) {
            return null;
        }
    }

    /**
     * Puts a product in the index; while a rebuild beside it runs, in the new generation too, except
     * for the rebuild's own scan, which goes to the new generation only.
     */
    public void upsert(ListedProduct product) {
        uninterrupted(() -> {
            org.apache.lucene.document.Document document = ProductDocuments.of(product);
            synchronized (writes) {
                for (IndexWriter writer : writersFor()) {
                    writer.updateDocument(ProductDocuments.idOf(product.sku()), document);
                }
            }
            writesSinceMerge.incrementAndGet();
        });
    }

    public void delete(String sku) {
        uninterrupted(() -> {
            synchronized (writes) {
                for (IndexWriter writer : writersFor()) {
                    writer.deleteDocuments(ProductDocuments.idOf(sku));
                }
            }
            writesSinceMerge.incrementAndGet();
        });
    }

    /** The writers a put or removal by this thread goes to (under {@link #writes}). */
    private java.util.List<IndexWriter> writersFor() {
        Opened next = staging;
        if (next == null) {
            return java.util.List.of(opened().writer());
        }
        if (Thread.currentThread() == stagingBuilder) {
            return java.util.List.of(next.writer());
        }
        return java.util.List.of(opened().writer(), next.writer());
    }

    /**
     * Merges the index this thread builds into one segment, at the end of a full build: a listing
     * pays for every segment (its sort's comparators, its skipping structures, the terms of {@code q}
     * looked up in each), and a build leaves about 17 at 300,000 products.
     */
    public void mergeForReads() {
        IndexWriter writer = builtByThisThread().writer();
        uninterrupted(() -> writer.forceMerge(1));
        writesSinceMerge.set(0);
        refresh();
    }

    /**
     * The same for writes that come one by one (a bulk import, here or on another replica through the
     * feed): each refresh of a write makes a segment, and the merge policy leaves about 17 after an
     * import of 300,000 products, where a two-word {@code q} ran at half the rate of one segment.
     * Called by the index's worker between rounds of the feed: when the index has been {@code quiet}
     * and the writes since the last merge reach {@value #MERGE_AFTER_WRITES_PERCENT} % of its products,
     * it starts merging the index in use into one segment in Lucene's merge thread
     * (reads and writes go on meanwhile); on a later call, once the merge is over, reads move to the
     * merged index. Smaller edits are left to the merge policy: a merge rewrites the whole index.
     * Not while a rebuild beside the index runs (the rebuild merges what it builds).
     */
    public void mergeWhenFragmented(boolean quiet) {
        Opened current = opened;
        if (current == null || staging != null) {
            return;
        }
        IndexWriter writer = current.writer();
        if (merging != null) {
            boolean ours = merging == writer && writer.isOpen(); // not swapped by a rebuild or closed meanwhile
            if (ours && (writer.hasPendingMerges() || !writer.getMergingSegments().isEmpty())) {
                return;
            }
            if (ours) {
                refresh();
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
        uninterrupted(() -> writer.forceMerge(1, false));
        merging = writer;
    }

    /** How many segments the reads of the index in use see now. */
    int segments() {
        Opened current = opened();
        try {
            IndexSearcher searcher = current.searchers().acquire();
            try {
                return searcher.getIndexReader().leaves().size();
            } finally {
                current.searchers().release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The generation this thread builds: the new one for the rebuild's own thread, the one in use otherwise. */
    private Opened builtByThisThread() {
        Opened next = staging;
        return next != null && Thread.currentThread() == stagingBuilder ? next : opened();
    }

    /** Makes every change so far visible to the reads that start after this returns. */
    public void refresh() {
        Opened next = staging;
        if (next != null && Thread.currentThread() == stagingBuilder) {
            uninterrupted(() -> next.searchers().maybeRefreshBlocking());
            return;
        }
        Opened current = opened();
        try {
            uninterrupted(() -> current.searchers().maybeRefreshBlocking());
        } catch (AlreadyClosedException e) {
            if (current == opened) {
                throw e;
            }
            refresh(); // swapped by a rebuild meanwhile: the index in use now
        }
    }

    /** Writes the changes so far to disk as one commit carrying {@code marker}. */
    public void commit(IndexMarker marker) {
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
    public boolean isBroken() {
        Opened current = opened;
        return current != null && !current.writer().isOpen();
    }

    /** Closes what is left of a broken index and opens it again (the last commit, or an empty index). */
    public synchronized void reopen() throws IOException {
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

    public boolean hasUncommittedChanges() {
        Opened current = opened;
        return current != null && current.writer().hasUncommittedChanges();
    }

    /** Every sku the index holds now (after a {@link #refresh()}). */
    public void forEachSku(Consumer<String> each) throws IOException {
        SearcherManager searchers = builtByThisThread().searchers();
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

    public boolean isOpen() {
        return opened != null;
    }

    public void markUsable() {
        usable = true;
    }

    public boolean isUsable() {
        return usable;
    }

    /**
     * Runs {@code read} on the current searcher; the tag passed along names the index state it sees
     * (this opening and the reader's version), so that an answer's ETag moves exactly when the index does.
     */
    public <T> T read(java.util.function.BiFunction<IndexSearcher, String, T> read) {
        if (!usable) {
            throw Problems.unavailable(DEPENDENCY, "The search index of this replica is being built; retry shortly");
        }
        while (true) {
            Opened current = opened();
            current.readers().incrementAndGet();
            try {
                if (current != opened) {
                    continue; // swapped by a rebuild between the two reads: read the index in use now
                }
                SearcherManager searchers = current.searchers();
                IndexSearcher searcher;
                try {
                    searcher = searchers.acquire();
                } catch (AlreadyClosedException e) {
                    if (current != opened) {
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

    /**
     * Opens the generation {@code name} ({@link #nextGeneration()}) beside the one in use, empty; from
     * now on every write goes to both, and the puts, removals and refreshes of the calling thread (the
     * rebuild's scan) to the new one only.
     */
    public void openStaging(String name) throws IOException {
        synchronized (writes) {
            if (staging != null) {
                throw new IllegalStateException("a rebuild beside the index is running already");
            }
            Path generation = path.resolve(name);
            wipeIfPresent(generation);
            Files.createDirectories(generation);
            FSDirectory directory = FSDirectory.open(generation);
            IndexWriter writer = new IndexWriter(directory, config(IndexWriterConfig.OpenMode.CREATE));
            staging = new Opened(name, directory, writer, filters);
            stagingBuilder = Thread.currentThread();
        }
    }

    /** The rebuilt generation's name. */
    String stagingGeneration() {
        Opened next = staging;
        return next == null ? null : next.name();
    }

    /** Commits the new generation with {@code marker}: what a restart finds if it comes before the swap's end. */
    public void commitStaging(IndexMarker marker) {
        Opened next = staging;
        uninterrupted(() -> {
            next.writer().setLiveCommitData(marker.userData().entrySet());
            next.writer().commit();
        });
    }

    /**
     * Makes the new generation the index in use: {@code CURRENT} names it (a restart from now on opens
     * it), its searchers take every write so far, and reads that start from now on use it. Returns the
     * old generation for {@link #retire}: reads that began before still use it.
     */
    public Retired swapStaging() throws IOException {
        synchronized (writes) {
            Opened next = staging;
            pointTo(next.name());
            uninterrupted(() -> next.searchers().maybeRefreshBlocking());
            Opened old = opened;
            opened = next;
            staging = null;
            stagingBuilder = null;
            return new Retired(old);
        }
    }

    /**
     * Closes a generation swapped out, once the reads using it are over (at most 5 s: a read that is
     * longer keeps the searcher it holds, which stays readable), and removes its directory.
     */
    public void retire(Retired retired) {
        Opened old = retired.opened;
        long deadline = System.currentTimeMillis() + RETIRE_WAIT_MILLIS;
        while (old.readers().get() > 0 && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        closeQuietly(old);
        try {
            Path generation = path.resolve(old.name());
            wipe(generation);
            Files.deleteIfExists(generation);
        } catch (IOException e) {
            LOG.warnf("The old search index %s was not removed (%s); it is removed at the next start", old.name(), e.toString());
        }
    }

    /** A rebuild that failed: the new generation is closed and removed; the index in use goes on alone. */
    public void dropStaging() {
        Opened next;
        synchronized (writes) {
            next = staging;
            staging = null;
            stagingBuilder = null;
        }
        if (next == null) {
            return;
        }
        closeQuietly(next);
        try {
            Path generation = path.resolve(next.name());
            wipe(generation);
            Files.deleteIfExists(generation);
        } catch (IOException e) {
            LOG.debugf("A failed rebuild's index not removed: %s", e);
        }
    }

    private static void closeQuietly(Opened generation) {
        try {
            generation.searchers().close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's searchers failed", e);
        }
        try {
            generation.writer().rollback();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's writer failed", e);
        }
        try {
            generation.directory().close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing an old index's directory failed", e);
        }
    }

    private static void wipeIfPresent(Path generation) throws IOException {
        if (Files.isDirectory(generation)) {
            wipe(generation);
        }
    }

    /** Documents in the index now (for logs and tests of the build). */
    public int size() {
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
        dropStaging();
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

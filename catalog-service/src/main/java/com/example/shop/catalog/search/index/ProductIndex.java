package com.example.shop.catalog.search.index;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.problems.Problems;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;

/**
 * This replica's search index of the products, in its own directory ({@code catalog.search.directory}):
 * one writer that every change goes through, and searchers that hand out point-in-time views. Reads
 * never wait for writes: a reader keeps the searcher it acquired while the writer goes on, and a
 * refresh (near-real-time, without a commit to disk) makes the next reads see the changes. Commits,
 * which make the index survive a restart, carry an {@link IndexMarker}.
 *
 * <p>Until a build or the check of the committed index has made it usable ({@link #markUsable()}),
 * reads are a 503 naming {@code search-index}, and readiness is DOWN.
 *
 * <p>The index is kept in generations ({@link IndexGenerations}). A rebuild beside the index
 * ({@link #openStaging}) builds the next one while this one serves reads and writes; every write
 * made meanwhile goes to both ({@link #upsert}, {@link #delete}); then {@link #swapStaging()}
 * makes it the index in use (the pointer first, then the searchers), and {@link #retire} closes and
 * removes the old one once the reads that were using it are over ({@link GenerationSwap}).
 */
@ApplicationScoped
public class ProductIndex {

    public static final String DEPENDENCY = "search-index";

    /** A generation swapped out by a rebuild, to be closed and removed ({@link #retire}). */
    public static final class Retired {
        private final Generation generation;

        private Retired(Generation generation) {
            this.generation = generation;
        }
    }

    private final IndexGenerations generations;
    private final GenerationSwap swap;
    /** Guards the generation a write goes to against a swap: a write lands in both indexes or in the new one. */
    private final Object writes = new Object();
    private final CurrentGeneration current = new CurrentGeneration();
    private volatile boolean usable;
    /** One cache of filter matches for every generation's searchers: its entries are per segment. */
    private final FilterCache filters = new FilterCache();
    private final SegmentMerges merges = new SegmentMerges();
    /** Set by {@link #refreshSoon()}: changes written that no refresh has made visible yet. */
    private final java.util.concurrent.atomic.AtomicBoolean refreshDue = new java.util.concurrent.atomic.AtomicBoolean();

    ProductIndex(CatalogConfig config) {
        this.generations = new IndexGenerations(Path.of(config.search().directory()));
        this.swap = new GenerationSwap(generations);
    }

    /**
     * Opens the generation in use (creating the first one, or starting it over when what is there
     * cannot be read) and removes every other generation. Idempotent.
     */
    public synchronized void open() throws IOException {
        if (current.get() != null) {
            return;
        }
        String name = generations.inUse();
        current.set(Generation.open(name, generations.of(name), filters));
        Generation building = swap.staging();
        generations.removeAllBut(name, building == null ? null : building.name());
    }

    /** The name of the generation in use (for the rebuild's run). */
    public String generation() {
        return current.require().name();
    }

    /** The name the next generation takes (a rebuild's). */
    public String nextGeneration() throws IOException {
        return generations.next();
    }

    /** The marker of the last commit, or null when there is none or it has none. */
    public IndexMarker committedMarker() throws IOException {
        return IndexMarker.committedIn(current.require().directory());
    }

    /**
     * Puts a product in the index; while a rebuild beside it runs, in the new generation too, except
     * for the rebuild's own scan, which goes to the new generation only.
     */
    public void upsert(ListedProduct product) {
        Uninterrupted.run(() -> {
            org.apache.lucene.document.Document document = ProductDocuments.of(product);
            synchronized (writes) {
                for (IndexWriter writer : writersFor()) {
                    writer.updateDocument(ProductDocuments.idOf(product.sku()), document);
                }
            }
            merges.written();
        });
    }

    public void delete(String sku) {
        Uninterrupted.run(() -> {
            synchronized (writes) {
                for (IndexWriter writer : writersFor()) {
                    writer.deleteDocuments(ProductDocuments.idOf(sku));
                }
            }
            merges.written();
        });
    }

    /** The writers a put or removal by this thread goes to (under {@link #writes}). */
    private List<IndexWriter> writersFor() {
        Generation next = swap.staging();
        if (next == null) {
            return List.of(current.require().writer());
        }
        if (swap.isBuilder()) {
            return List.of(next.writer());
        }
        return List.of(current.require().writer(), next.writer());
    }

    /**
     * Merges the index this thread builds into one segment, at the end of a full build: a listing
     * pays for every segment, and a build leaves many.
     */
    public void mergeForReads() {
        IndexWriter writer = builtByThisThread().writer();
        Uninterrupted.run(() -> writer.forceMerge(1));
        merges.merged();
        refresh();
    }

    /**
     * The same, once {@code quiet}, for writes that come one by one ({@link SegmentMerges}): called by
     * the index's worker between rounds of the feed. Not while a rebuild beside the index runs (the
     * rebuild merges what it builds).
     */
    public void mergeWhenFragmented(boolean quiet) {
        Generation inUse = current.get();
        if (inUse == null || swap.staging() != null) {
            return;
        }
        merges.step(inUse.writer(), quiet, this::refresh);
    }

    /** How many segments the reads of the index in use see now. */
    int segments() {
        return current.require().segments();
    }

    /** The generation this thread builds: the new one for the rebuild's own thread, the one in use otherwise. */
    private Generation builtByThisThread() {
        Generation own = swap.builtHere();
        return own != null ? own : current.require();
    }

    /** Makes every change so far visible to the reads that start after this returns. */
    public void refresh() {
        Generation own = swap.builtHere();
        if (own != null) {
            Uninterrupted.run(() -> own.searchers().maybeRefreshBlocking());
            return;
        }
        current.refresh();
    }

    /** Makes the changes so far visible at the next {@link #refreshIfDue()} rather than at once (a bulk write's). */
    public void refreshSoon() {
        refreshDue.set(true);
    }

    /** Refreshes when a {@link #refreshSoon()} asked for it since the last time. */
    public void refreshIfDue() {
        if (refreshDue.getAndSet(false)) {
            refresh();
        }
    }

    /** Writes the changes so far to disk as one commit carrying {@code marker}. */
    public void commit(IndexMarker marker) {
        Uninterrupted.run(() -> marker.commit(current.require().writer()));
    }

    /**
     * Whether the writer closed itself after a failure it cannot recover from (a disk error, or an
     * interrupt that came anyway): its changes since the last commit are lost, so the caller reopens
     * the index ({@link #reopen()}) and rebuilds it.
     */
    public boolean isBroken() {
        Generation inUse = current.get();
        return inUse != null && !inUse.writer().isOpen();
    }

    /** Closes what is left of a broken index and opens it again (the last commit, or an empty index). */
    public synchronized void reopen() throws IOException {
        Generation broken = current.get();
        current.set(null);
        if (broken != null) {
            broken.closeBroken();
        }
        open();
    }

    public boolean hasUncommittedChanges() {
        Generation inUse = current.get();
        return inUse != null && inUse.writer().hasUncommittedChanges();
    }

    /** Every sku the index holds now (after a {@link #refresh()}). */
    public void forEachSku(Consumer<String> each) throws IOException {
        builtByThisThread().forEachSku(each);
    }

    public boolean isOpen() {
        return current.get() != null;
    }

    public void markUsable() {
        usable = true;
    }

    public boolean isUsable() {
        return usable;
    }

    /** Runs {@code read} on the current searcher, with the tag of the index state it sees ({@link CurrentGeneration#read}). */
    public <T> T read(BiFunction<IndexSearcher, String, T> read) {
        if (!usable) {
            throw Problems.unavailable(DEPENDENCY, "The search index of this replica is being built; retry shortly");
        }
        return current.read(read);
    }

    /**
     * Opens the generation {@code name} ({@link #nextGeneration()}) beside the one in use, empty; from
     * now on every write goes to both, and the puts, removals and refreshes of the calling thread (the
     * rebuild's scan) to the new one only.
     */
    public void openStaging(String name) throws IOException {
        synchronized (writes) {
            swap.open(name, filters);
        }
    }

    /** Commits the new generation with {@code marker}: what a restart finds if it comes before the swap's end. */
    public void commitStaging(IndexMarker marker) {
        Generation next = swap.staging();
        Uninterrupted.run(() -> marker.commit(next.writer()));
    }

    /**
     * Makes the new generation the index in use: {@code CURRENT} names it (a restart from now on opens
     * it), its searchers take every write so far, and reads that start from now on use it. Returns the
     * old generation for {@link #retire}: reads that began before still use it.
     */
    public Retired swapStaging() throws IOException {
        synchronized (writes) {
            Generation next = swap.staging();
            generations.pointTo(next.name());
            Uninterrupted.run(() -> next.searchers().maybeRefreshBlocking());
            Generation old = current.get();
            current.set(next);
            swap.end();
            return new Retired(old);
        }
    }

    /** Closes a generation swapped out, once the reads using it are over, and removes its directory. */
    public void retire(Retired retired) {
        swap.retire(retired.generation);
    }

    /** A rebuild that failed: the new generation is closed and removed; the index in use goes on alone. */
    public void dropStaging() {
        Generation next;
        synchronized (writes) {
            next = swap.end();
        }
        if (next != null) {
            swap.discard(next);
        }
    }

    /** Documents in the index now (for logs and tests of the build). */
    public int size() {
        return read((searcher, tag) -> searcher.getIndexReader().numDocs());
    }

    @PreDestroy
    synchronized void close() {
        dropStaging();
        Generation inUse = current.get();
        current.set(null);
        usable = false;
        if (inUse != null) {
            inUse.close();
        }
    }
}

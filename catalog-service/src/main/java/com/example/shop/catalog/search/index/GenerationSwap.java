package com.example.shop.catalog.search.index;

import java.io.IOException;
import org.jboss.logging.Logger;

/**
 * A rebuild beside the index: the next generation, opened empty beside the one in use, which every
 * write goes to as well while the rebuild's own scan writes to it only; then swapped in by the
 * index, and the old generation retired once the reads using it are over. Its state changes under
 * the index's write lock ({@link ProductIndex}), so that a write lands in both generations or in
 * the new one.
 */
final class GenerationSwap {

    /** How long a retired generation waits for its reads: a longer read keeps the searcher it holds, which stays readable. */
    private static final long RETIRE_WAIT_MILLIS = 5_000;
    private static final Logger LOG = Logger.getLogger(GenerationSwap.class);

    private final IndexGenerations generations;
    /** The next generation, while a rebuild beside the index builds it; null otherwise. */
    private volatile Generation staging;
    /** The thread running the rebuild beside the index: its own puts and removals go to the new generation only. */
    private volatile Thread builder;

    GenerationSwap(IndexGenerations generations) {
        this.generations = generations;
    }

    /** The generation being built, or null. */
    Generation staging() {
        return staging;
    }

    /** Whether the calling thread is the rebuild's own scan. */
    boolean isBuilder() {
        return Thread.currentThread() == builder;
    }

    /** The generation being built when the calling thread builds it, or null. */
    Generation builtHere() {
        Generation next = staging;
        return next != null && Thread.currentThread() == builder ? next : null;
    }

    /** Opens the generation {@code name} empty as the one the calling thread builds; under the write lock. */
    void open(String name, FilterCache filters) throws IOException {
        if (staging != null) {
            throw new IllegalStateException("a rebuild beside the index is running already");
        }
        staging = Generation.create(name, generations.of(name), filters);
        builder = Thread.currentThread();
    }

    /** The rebuild is over (swapped in or given up): the generation it built, or null; under the write lock. */
    Generation end() {
        Generation next = staging;
        staging = null;
        builder = null;
        return next;
    }

    /** Closes a generation swapped out, once the reads using it are over, and removes it. */
    void retire(Generation old) {
        long deadline = System.currentTimeMillis() + RETIRE_WAIT_MILLIS;
        while (old.readers().get() > 0 && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        old.closeQuietly();
        try {
            generations.remove(old.name());
        } catch (IOException e) {
            LOG.warnf("The old search index %s was not removed (%s); it is removed at the next start", old.name(), e.toString());
        }
    }

    /** Closes and removes the generation of a rebuild that failed. */
    void discard(Generation next) {
        next.closeQuietly();
        try {
            generations.remove(next.name());
        } catch (IOException e) {
            LOG.debugf("A failed rebuild's index not removed: %s", e);
        }
    }
}

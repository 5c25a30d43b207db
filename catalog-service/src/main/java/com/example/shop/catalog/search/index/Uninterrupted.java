package com.example.shop.catalog.search.index;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Runs index work with the thread's interrupt flag cleared (and set again after): Lucene writes
 * through interruptible file channels, and an interrupted write closes the whole writer for good
 * (in the tests, the import worker interrupted by a simulated kill did exactly that).
 */
final class Uninterrupted {

    /** Work on the index's files. */
    interface IndexWork {
        void run() throws IOException;
    }

    private Uninterrupted() {
    }

    static void run(IndexWork work) {
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
}

package com.example.shop.web.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** What the work threw is what the waiter sees. */
class FuturesTest {

    @Test
    void theResultOfWorkThatSucceeded() {
        assertEquals("done", Futures.await(CompletableFuture.completedFuture("done"), "the work"));
    }

    @Test
    void anUncheckedFailureOfTheWorkIsThrownAsItIs() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad");
        assertSame(thrown, assertThrows(IllegalArgumentException.class,
                () -> Futures.await(CompletableFuture.failedFuture(thrown), "the work")));
        AssertionError error = new AssertionError("broken");
        assertSame(error, assertThrows(AssertionError.class, () -> Futures.await(CompletableFuture.failedFuture(error), "the work")));
    }

    @Test
    void aCheckedFailureIsPassedOnWhenAskedForAndOtherwiseWrappedNamingTheWork() {
        IOException io = new IOException("disk");
        assertSame(io, assertThrows(IOException.class,
                () -> Futures.await(CompletableFuture.failedFuture(io), IOException.class, "the index's worker")));

        TimeoutException other = new TimeoutException("late");
        IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                () -> Futures.await(CompletableFuture.failedFuture(other), IOException.class, "the index's worker"));
        assertEquals("the index's worker failed", wrapped.getMessage());
        assertSame(other, wrapped.getCause());
    }

    @Test
    void anInterruptedWaitSaysWhatItWaitedForAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Futures.await(new CompletableFuture<String>(), "the next page"));
            assertEquals("interrupted while waiting for the next page", e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}

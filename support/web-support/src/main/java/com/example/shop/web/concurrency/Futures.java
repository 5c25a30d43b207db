package com.example.shop.web.concurrency;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Waiting for work handed to another thread (the search index's worker, an import's batch writers, a
 * scan's next page) and throwing what the work threw as itself, not wrapped in an
 * {@link ExecutionException}: a caller's catch blocks and the problem mappers see the real failure.
 */
public final class Futures {

    private Futures() {
    }

    /**
     * The future's result. An unchecked exception or error of the work is thrown as it is; a checked
     * one, or an interrupt of the wait (the interrupt flag set again), is an {@link IllegalStateException}
     * naming {@code waitingFor}.
     */
    public static <T> T await(Future<T> future, String waitingFor) {
        return await(future, RuntimeException.class, waitingFor);
    }

    /** As {@link #await(Future, String)}, and a checked exception of type {@code passedOn} is thrown as it is too. */
    public static <T, X extends Exception> T await(Future<T> future, Class<X> passedOn, String waitingFor) throws X {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + waitingFor, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (passedOn.isInstance(cause)) {
                throw passedOn.cast(cause);
            }
            throw new IllegalStateException(waitingFor + " failed", cause);
        }
    }
}

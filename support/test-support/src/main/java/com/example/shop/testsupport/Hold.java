package com.example.shop.testsupport;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A point where a test holds the code under test, one use: the held code calls {@link #hold} when it
 * gets there; the test waits until it is held ({@link #awaitHeld}), does what it needs done meanwhile
 * (a write that overtakes it, the database stopped), then {@link #release}s it. The held code waits at
 * most a minute and then fails, so a test that forgot to release it does not hang the build.
 */
public final class Hold {

    private static final long LONGEST_HOLD_SECONDS = 60;

    private final CountDownLatch held = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    /** The test's side: true once the code is held, false if it did not get there within {@code seconds}. */
    public boolean awaitHeld(long seconds) throws InterruptedException {
        return held.await(seconds, TimeUnit.SECONDS);
    }

    /** The test's side: lets the held code go on (or lets it pass at once, if it is not there yet). */
    public void release() {
        released.countDown();
    }

    /** The held code's side: waits here until the test releases it. */
    public void hold() {
        held.countDown();
        try {
            if (!released.await(LONGEST_HOLD_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never released what it held");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // shutting down: go on, the interrupt is kept for the code that waits next
        }
    }
}

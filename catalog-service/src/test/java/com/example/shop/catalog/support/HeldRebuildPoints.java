package com.example.shop.catalog.support;

import com.example.shop.catalog.search.RebuildPoints;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Replaces the no-op rebuild points in the tests: armed ({@link #holdNextRebuildAfter}), it stops the
 * next rebuild once it has scanned that many products, until the test lets it go, so that the test
 * can write during a rebuild. Disarmed after one hold.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class HeldRebuildPoints implements RebuildPoints {

    private static final AtomicReference<Hold> ARMED = new AtomicReference<>();

    /** Holds the next rebuild after it has scanned {@code after} products, until {@link Hold#release}. */
    public static Hold holdNextRebuildAfter(long after) {
        Hold hold = new Hold(after);
        ARMED.set(hold);
        return hold;
    }

    @Override
    public void scanned(long products) {
        Hold hold = ARMED.get();
        if (hold != null && products == hold.after && ARMED.compareAndSet(hold, null)) {
            hold.hold();
        }
    }

    /** A rebuild held in its scan: the test waits for it to be held, then releases it. */
    public static final class Hold {
        private final long after;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private Hold(long after) {
            this.after = after;
        }

        public boolean awaitHeld(long seconds) throws InterruptedException {
            return held.await(seconds, TimeUnit.SECONDS);
        }

        public void release() {
            released.countDown();
        }

        private void hold() {
            held.countDown();
            try {
                if (!released.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never released the held rebuild");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

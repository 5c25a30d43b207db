package com.example.shop.catalog.support;

import com.example.shop.catalog.search.WriteThroughPoints;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.Collection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Replaces the no-op write-through points in the tests: armed for a sku ({@link #holdBeforeIndex}),
 * it holds the next write of that sku after its MongoDB write and before it changes the index, until
 * the test lets it go, so that another write of the same sku can overtake it. Disarmed after one hold.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class HeldWriteThroughPoints implements WriteThroughPoints {

    private static final AtomicReference<Hold> ARMED = new AtomicReference<>();

    /** Holds the next write of {@code sku} before its index change, until {@link Hold#release}. */
    public static Hold holdBeforeIndex(String sku) {
        Hold hold = new Hold(sku);
        ARMED.set(hold);
        return hold;
    }

    @Override
    public void beforeIndex(Collection<String> skus) {
        Hold hold = ARMED.get();
        if (hold != null && skus.contains(hold.sku) && ARMED.compareAndSet(hold, null)) {
            hold.hold();
        }
    }

    /** A write held before its index change: the test waits for it to be held, then releases it. */
    public static final class Hold {
        private final String sku;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private Hold(String sku) {
            this.sku = sku;
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
                    throw new IllegalStateException("the test never released the held write");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

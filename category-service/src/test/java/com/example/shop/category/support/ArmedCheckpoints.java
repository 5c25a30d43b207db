package com.example.shop.category.support;

import com.example.shop.category.categories.Checkpoints;
import com.example.shop.category.categories.MoveStep;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Test-only replacement of the production {@code NoCheckpoints}: a test arms it to make the next
 * change die at a step, as if its process had been killed there. A dead process does not release
 * the tree lock: its lease stays until it expires. So at the step the lease passes to a "dead"
 * owner (same expiry) before the change is stopped; the service's release, which names the
 * request's own owner, then finds nothing to release, and the next change must wait for the lease
 * to expire and take it over from the dead holder, as after a real crash.
 *
 * <p>A test can also {@link #pauseAt} a step: the change then waits there, still holding what it
 * holds (the tree lease), until the test resumes it.
 */
@ApplicationScoped
public class ArmedCheckpoints implements Checkpoints {

    private volatile MoveStep armed;
    private volatile Pause pause;

    /** A change held at a step until {@link #resume}. */
    public static final class Pause {
        private final MoveStep step;
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch resumed = new CountDownLatch(1);

        private Pause(MoveStep step) {
            this.step = step;
        }

        /** Waits until a change is held at the step; false if none got there in time. */
        public boolean awaitReached(long seconds) throws InterruptedException {
            return reached.await(seconds, TimeUnit.SECONDS);
        }

        public void resume() {
            resumed.countDown();
        }
    }

    public void arm(MoveStep step) {
        armed = step;
    }

    /** The next change that reaches {@code step} waits there (at most 30 s) until the pause is resumed. */
    public Pause pauseAt(MoveStep step) {
        Pause p = new Pause(step);
        pause = p;
        return p;
    }

    public void disarm() {
        armed = null;
        Pause p = pause;
        pause = null;
        if (p != null) {
            p.resume();
        }
    }

    @Override
    public void reached(MoveStep step) {
        Pause p = pause;
        if (p != null && p.step == step) {
            pause = null;
            p.reached.countDown();
            try {
                p.resumed.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (step == armed) {
            armed = null;
            long held = Trees.db().getCollection("tree_locks").updateOne(
                    Filters.and(Filters.eq("_id", "tree"), Filters.ne("owner", null)),
                    Updates.set("owner", "dead-process")).getModifiedCount();
            if (held != 1) {
                throw new IllegalStateException("a change reached " + step + " without holding the tree lock");
            }
            throw new SimulatedCrash(step);
        }
    }
}

package com.example.shop.category.support;

import com.example.shop.category.categories.Checkpoints;
import com.example.shop.category.categories.MoveStep;
import com.example.shop.testsupport.Hold;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Test-only replacement of the production {@code NoCheckpoints}: a test arms it to make the next
 * change die at a step, as if its process had been killed there. A dead process does not release
 * the tree lock: its lease stays until it expires. So at the step the lease passes to a "dead"
 * owner (same expiry) before the change is stopped; the service's release, which names the
 * request's own owner, then finds nothing to release, and the next change must wait for the lease
 * to expire and take it over from the dead holder, as after a real crash.
 *
 * <p>A test can also {@link #pauseAt} a step: the change then waits there, still holding what it
 * holds (the tree lease), until the test releases its {@code Hold}.
 */
@ApplicationScoped
public class ArmedCheckpoints implements Checkpoints {

    private volatile MoveStep armed;
    private volatile Pause pause;

    /** A change held at a step until its hold is released. */
    private record Pause(MoveStep step, Hold hold) {
    }

    public void arm(MoveStep step) {
        armed = step;
    }

    /** The next change that reaches {@code step} waits there until the hold is released. */
    public Hold pauseAt(MoveStep step) {
        Hold hold = new Hold();
        pause = new Pause(step, hold);
        return hold;
    }

    public void disarm() {
        armed = null;
        Pause p = pause;
        pause = null;
        if (p != null) {
            p.hold().release();
        }
    }

    @Override
    public void reached(MoveStep step) {
        Pause p = pause;
        if (p != null && p.step() == step) {
            pause = null;
            p.hold().hold();
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

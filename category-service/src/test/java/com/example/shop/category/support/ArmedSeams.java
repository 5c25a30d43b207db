package com.example.shop.category.support;

import com.example.shop.category.categories.MoveStep;
import com.example.shop.testsupport.Hold;
import com.example.shop.web.seams.Seam;
import com.example.shop.web.seams.Seams;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

/**
 * Test-only replacement of the production {@code NoSeams}: a test arms it to make the next change
 * die at a step, as if its process had been killed there. A dead process does not release the tree
 * lease: it stays until it expires. So at the step the lease passes to a "dead" holder (same
 * expiry) before the change is stopped; the service's release, which names the change's own
 * holder, then finds nothing to release, and the next change must wait for the lease to expire and
 * take it over from the dead holder, as after a real crash.
 *
 * <p>A test can also {@link #pauseAt} a step: the change then waits there, still holding what it
 * holds (the tree lease), until the test releases its {@code Hold}.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class ArmedSeams implements Seams {

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
    public void reached(Seam seam, Object context) {
        Pause p = pause;
        if (p != null && p.step() == seam) {
            pause = null;
            p.hold().hold();
        }
        if (seam == armed) {
            armed = null;
            if (!Trees.handLeaseTo("dead-process")) {
                throw new IllegalStateException("a change reached " + seam + " without holding the tree lease");
            }
            throw new SimulatedCrash(seam);
        }
    }
}

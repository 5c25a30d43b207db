package com.example.shop.cart.support;

import com.example.shop.cart.CrashPoints;
import com.example.shop.testsupport.Hold;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Test-only replacement of the production {@code NoCrashPoints}: a test arms one point, and the next
 * request that reaches it (exactly one, however many run at once) stops dead there, as if the
 * process had been killed between its two writes: it fails with a 500 and its second write never runs.
 * Or it holds a point ({@link #holdAt}): the next worker that reaches it waits there until the test
 * releases it, so that the test can run another worker in between.
 */
@ApplicationScoped
public class ArmedCrashPoints implements CrashPoints {

    private final AtomicReference<CrashPoint> armed = new AtomicReference<>();
    private final AtomicReference<CrashPoint> heldPoint = new AtomicReference<>();
    private volatile Hold hold;

    public void arm(CrashPoint point) {
        armed.set(point);
    }

    /** The next worker that reaches {@code point} waits there until {@code hold} is released. */
    public void holdAt(CrashPoint point, Hold hold) {
        this.hold = hold;
        heldPoint.set(point);
    }

    public void disarm() {
        armed.set(null);
        heldPoint.set(null);
        Hold held = hold;
        if (held != null) {
            held.release();
        }
    }

    @Override
    public void reached(CrashPoint point) {
        if (armed.get() == point && armed.compareAndSet(point, null)) {
            throw new Crash(point);
        }
        if (heldPoint.get() == point && heldPoint.compareAndSet(point, null)) {
            hold.hold();
        }
    }

    /** The simulated death of the process at a point. */
    public static final class Crash extends RuntimeException {
        Crash(CrashPoint point) {
            super("simulated crash at " + point, null, false, false);
        }
    }
}

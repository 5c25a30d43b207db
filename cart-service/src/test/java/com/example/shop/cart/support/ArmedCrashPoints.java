package com.example.shop.cart.support;

import com.example.shop.cart.CrashPoints;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Test-only replacement of the production {@code NoCrashPoints}: a test arms one point, and the next
 * request that reaches it (exactly one, however many run at once) stops dead there, as if the
 * process had been killed between its two writes: it fails with a 500 and its second write never runs.
 */
@ApplicationScoped
public class ArmedCrashPoints implements CrashPoints {

    private final AtomicReference<CrashPoint> armed = new AtomicReference<>();

    public void arm(CrashPoint point) {
        armed.set(point);
    }

    public void disarm() {
        armed.set(null);
    }

    @Override
    public void reached(CrashPoint point) {
        if (armed.get() == point && armed.compareAndSet(point, null)) {
            throw new Crash(point);
        }
    }

    /** The simulated death of the process at a point. */
    public static final class Crash extends RuntimeException {
        Crash(CrashPoint point) {
            super("simulated crash at " + point, null, false, false);
        }
    }
}

package com.example.shop.cart.support;

import com.example.shop.testsupport.Hold;
import com.example.shop.web.seams.Seam;
import com.example.shop.web.seams.Seams;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Replaces the no-op seams in the tests. Each point does nothing until a test arms it, and is
 * disarmed after one use (however many workers reach it at once):
 * <ul>
 * <li>{@link #arm}: the next worker that reaches the point stops dead there, as if its process had
 * been killed between two writes: the request fails with a 500 and its later writes never run;</li>
 * <li>{@link #holdAt}: the next worker that reaches the point waits there until the test releases
 * the {@link Hold}, so that the test can run another worker in between;</li>
 * <li>{@link #raceAt}: the next worker that reaches the point runs the test's write there first
 * (a reservation between a stock import's read and its write), then goes on.</li>
 * </ul>
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class ArmedSeams implements Seams {

    private final AtomicReference<Seam> armed = new AtomicReference<>();
    private final AtomicReference<Seam> heldPoint = new AtomicReference<>();
    private volatile Hold hold;
    private final AtomicReference<Seam> racedPoint = new AtomicReference<>();
    private final AtomicReference<Runnable> race = new AtomicReference<>();

    public void arm(Seam point) {
        armed.set(point);
    }

    /** The next worker that reaches {@code point} waits there until {@code hold} is released. */
    public void holdAt(Seam point, Hold hold) {
        this.hold = hold;
        heldPoint.set(point);
    }

    /** The next worker that reaches {@code point} runs {@code write} there, once. */
    public void raceAt(Seam point, Runnable write) {
        race.set(write);
        racedPoint.set(point);
    }

    /** True when the write armed by {@link #raceAt} has run. */
    public boolean raced() {
        return race.get() == null;
    }

    public void disarm() {
        armed.set(null);
        heldPoint.set(null);
        racedPoint.set(null);
        race.set(null);
        Hold held = hold;
        if (held != null) {
            held.release();
        }
    }

    @Override
    public void reached(Seam point, Object context) {
        if (armed.get() == point && armed.compareAndSet(point, null)) {
            throw new Crash(point);
        }
        if (heldPoint.get() == point && heldPoint.compareAndSet(point, null)) {
            hold.hold();
        }
        if (racedPoint.get() == point && racedPoint.compareAndSet(point, null)) {
            Runnable write = race.getAndSet(null);
            if (write != null) {
                write.run();
            }
        }
    }

    /** The simulated death of the process at a point. */
    public static final class Crash extends RuntimeException {
        Crash(Seam point) {
            super("simulated crash at " + point.name(), null, false, false);
        }
    }
}

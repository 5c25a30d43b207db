package com.example.shop.catalog.support;

import com.example.shop.web.bulk.ImportCrashPoints;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Replaces the no-op import crash points in the tests: armed, it kills the import's worker after
 * the first batch that reaches a line, as {@code kill -9} would (an {@link Error}: no end is
 * recorded, the heartbeat stops). Disarmed after one kill. Or it holds the worker there, alive,
 * until the test lets it go ({@link #pauseAfterLine}).
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class ArmedImportCrashPoints implements ImportCrashPoints {

    private static final AtomicLong ARMED_AT_LINE = new AtomicLong(-1);

    public static void killAfterLine(long line) {
        ARMED_AT_LINE.set(line);
    }

    private static final AtomicReference<Pause> PAUSE = new AtomicReference<>();

    /** Holds the import's worker after the first batch that reaches {@code line}, until {@link Pause#resume}. */
    public static Pause pauseAfterLine(long line) {
        Pause pause = new Pause(line);
        PAUSE.set(pause);
        return pause;
    }

    @Override
    public void afterBatch(String kind, long lastLine) {
        long armed = ARMED_AT_LINE.get();
        if (armed >= 0 && lastLine >= armed && ARMED_AT_LINE.compareAndSet(armed, -1)) {
            throw new SimulatedKill();
        }
        Pause pause = PAUSE.get();
        if (pause != null && lastLine >= pause.line && PAUSE.compareAndSet(pause, null)) {
            pause.hold();
        }
    }

    /** A worker held alive after a batch: the test waits for it to be held, then resumes it. */
    public static final class Pause {
        private final long line;
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch resumed = new CountDownLatch(1);

        private Pause(long line) {
            this.line = line;
        }

        public boolean awaitHeld(long seconds) throws InterruptedException {
            return held.await(seconds, TimeUnit.SECONDS);
        }

        public void resume() {
            resumed.countDown();
        }

        private void hold() {
            held.countDown();
            try {
                if (!resumed.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never resumed the paused import");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What the process dying looks like to the run. */
    public static final class SimulatedKill extends Error {
        SimulatedKill() {
            super("simulated kill -9 during an import", null, false, false);
        }
    }
}

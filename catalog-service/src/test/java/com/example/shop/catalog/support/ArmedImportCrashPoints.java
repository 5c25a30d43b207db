package com.example.shop.catalog.support;

import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.HoldAtCount;
import com.example.shop.web.bulk.ImportCrashPoints;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.concurrent.atomic.AtomicLong;

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

    private static final HoldAtCount PAUSE = new HoldAtCount();

    /** Holds the import's worker after the first batch that reaches {@code line}, until {@link Hold#release}. */
    public static Hold pauseAfterLine(long line) {
        return PAUSE.arm(line);
    }

    @Override
    public void afterBatch(String kind, long lastLine) {
        long armed = ARMED_AT_LINE.get();
        if (armed >= 0 && lastLine >= armed && ARMED_AT_LINE.compareAndSet(armed, -1)) {
            throw new SimulatedKill();
        }
        PAUSE.reached(lastLine);
    }

    /** What the process dying looks like to the run. */
    public static final class SimulatedKill extends Error {
        SimulatedKill() {
            super("simulated kill -9 during an import", null, false, false);
        }
    }
}

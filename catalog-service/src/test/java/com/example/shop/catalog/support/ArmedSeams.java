package com.example.shop.catalog.support;

import com.example.shop.catalog.product.VariantMigrationSeam;
import com.example.shop.catalog.search.feed.WriteThroughSeam;
import com.example.shop.catalog.search.lifecycle.RebuildSeam;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.HoldAtCount;
import com.example.shop.web.bulk.ImportSeam;
import com.example.shop.web.seams.Seam;
import com.example.shop.web.seams.Seams;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replaces the no-op seams in the tests. Each point does nothing until a test arms it, and is
 * disarmed after one use:
 * <ul>
 * <li>{@link ImportSeam#AFTER_BATCH}: kills the import's worker after the first batch that reaches a
 * line, as {@code kill -9} would ({@link #killAfterLine}: an {@link Error}, so no end is recorded
 * and the heartbeat stops), or holds it there, alive, until the test lets it go ({@link #pauseAfterLine});</li>
 * <li>{@link WriteThroughSeam#BEFORE_INDEX}: holds the next write of a sku after its MongoDB write
 * and before it changes the index ({@link #holdBeforeIndex}), so that another write of the sku can
 * overtake it or the database can go away meanwhile; several skus may be armed at once;</li>
 * <li>{@link RebuildSeam#SCANNED}: holds the next rebuild once it has scanned that many products
 * ({@link #holdNextRebuildAfter}), so that the test can write during a rebuild;</li>
 * <li>{@link VariantMigrationSeam#AFTER_BATCH}: kills the next variants migration after its first
 * batch ({@link #killMigrationAfterFirstBatch}), as a replica dying at start-up would.</li>
 * </ul>
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class ArmedSeams implements Seams {

    private static final AtomicLong KILL_AT_LINE = new AtomicLong(-1);
    private static final HoldAtCount PAUSE_AT_LINE = new HoldAtCount();
    private static final Map<String, Hold> HOLD_BEFORE_INDEX = new ConcurrentHashMap<>();
    private static final HoldAtCount HOLD_AT_SCANNED = new HoldAtCount();
    private static final AtomicBoolean KILL_MIGRATION = new AtomicBoolean();

    public static void killAfterLine(long line) {
        KILL_AT_LINE.set(line);
    }

    /** Holds the import's worker after the first batch that reaches {@code line}, until {@link Hold#release}. */
    public static Hold pauseAfterLine(long line) {
        return PAUSE_AT_LINE.arm(line);
    }

    /** Holds the next write of {@code sku} before its index change, until {@link Hold#release}. */
    public static Hold holdBeforeIndex(String sku) {
        Hold hold = new Hold();
        HOLD_BEFORE_INDEX.put(sku, hold);
        return hold;
    }

    /** Holds the next rebuild after it has scanned {@code after} products, until {@link Hold#release}. */
    public static Hold holdNextRebuildAfter(long after) {
        return HOLD_AT_SCANNED.arm(after);
    }

    public static void killMigrationAfterFirstBatch() {
        KILL_MIGRATION.set(true);
    }

    @Override
    public void reached(Seam seam, Object context) {
        if (seam == ImportSeam.AFTER_BATCH) {
            long lastLine = ((ImportSeam.Batch) context).lastLine();
            long armed = KILL_AT_LINE.get();
            if (armed >= 0 && lastLine >= armed && KILL_AT_LINE.compareAndSet(armed, -1)) {
                throw new SimulatedKill("an import");
            }
            PAUSE_AT_LINE.reached(lastLine);
        } else if (seam == WriteThroughSeam.BEFORE_INDEX) {
            for (Object sku : (Collection<?>) context) {
                Hold hold = HOLD_BEFORE_INDEX.remove((String) sku);
                if (hold != null) {
                    hold.hold();
                }
            }
        } else if (seam == RebuildSeam.SCANNED) {
            HOLD_AT_SCANNED.reached((Long) context);
        } else if (seam == VariantMigrationSeam.AFTER_BATCH && KILL_MIGRATION.compareAndSet(true, false)) {
            throw new SimulatedKill("the variants migration");
        }
    }

    /** What the process dying looks like to the work it was doing. */
    public static final class SimulatedKill extends Error {
        SimulatedKill(String during) {
            super("simulated kill -9 during " + during, null, false, false);
        }
    }
}

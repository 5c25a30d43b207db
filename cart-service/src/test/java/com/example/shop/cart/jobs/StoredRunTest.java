package com.example.shop.cart.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.web.runs.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A job run's and a lease's documents as {@link JobRuns} writes them read as {@link StoredRun} and
 * {@link StoredLease}, and the run the record inserts compared, types and nulls included, with
 * the one {@code JobRuns.insert} wrote before there was a record.
 */
class StoredRunTest {

    private static final Date STARTED = new Date(1_700_000_000_000L);
    private static final Date FINISHED = new Date(1_700_000_042_000L);

    @Test
    void aFinishedRunReadsAsItsValuesAndItsView() {
        Document stored = new Document("_id", "65a1b2c3d4e5f60718293a4b").append("job", "expire-carts").append("trigger", "manual")
                .append("state", "failed")
                .append("counts", new Document("locked", 3L).append("expired", 2).append("returned_units", 7L))
                .append("started_at", STARTED).append("finished_at", FINISHED).append("heartbeat_at", FINISHED)
                .append("error", "boom");

        StoredRun run = StoredRun.of(stored);

        assertEquals(new StoredRun("65a1b2c3d4e5f60718293a4b", JobName.EXPIRE_CARTS, RunTrigger.MANUAL,
                RunState.FAILED, Map.of("locked", 3L, "expired", 2L, "returned_units", 7L), STARTED, FINISHED, FINISHED, "boom"), run);
        assertEquals(List.of("locked", "expired", "returned_units"), List.copyOf(run.counts().keySet()));
        assertEquals(stored.append("counts", new Document("locked", 3L).append("expired", 2L).append("returned_units", 7L)),
                run.toDocument());
        assertEquals(run, StoredRun.of(run.toDocument()));

        JobRunView view = run.view();
        assertEquals(new JobRunView("65a1b2c3d4e5f60718293a4b", "expire-carts", "manual", "failed", run.counts(),
                STARTED.toInstant(), FINISHED.toInstant(), "boom"), view);
        assertEquals(List.of("locked", "expired", "returned_units"), List.copyOf(view.counts().keySet()));
    }

    @Test
    void aStartedRunIsTheDocumentJobRunsInserted() {
        StoredRun run = StoredRun.started("65a1b2c3d4e5f60718293a4c", JobName.RESOLVE_CHECKOUTS,
                RunTrigger.SCHEDULED, STARTED);

        Document inserted = new Document("_id", "65a1b2c3d4e5f60718293a4c").append("job", "resolve-checkouts")
                .append("trigger", "scheduled").append("state", "running").append("counts", new Document())
                .append("started_at", STARTED).append("finished_at", null).append("heartbeat_at", STARTED);
        assertEquals(inserted, run.toDocument());
        assertTrue(run.toDocument().containsKey("finished_at"));
        assertEquals(run, StoredRun.of(run.toDocument()));
        assertNull(run.view().finishedAt());
    }

    @Test
    void aRunningRunIsSilentOnceItsHeartbeatIsOlderThanTheLease() {
        StoredRun run = StoredRun.started("65a1b2c3d4e5f60718293a4d", JobName.CLEANUP_INVENTORY,
                RunTrigger.MANUAL, STARTED);
        Instant heartbeat = STARTED.toInstant();

        assertFalse(run.silentSince(heartbeat.plusSeconds(30), Duration.ofSeconds(30)));
        assertTrue(run.silentSince(heartbeat.plusSeconds(31), Duration.ofSeconds(30)));
        StoredRun finished = new StoredRun(run.id(), run.job(), run.trigger(), RunState.SUCCEEDED, Map.of(), STARTED, FINISHED,
                STARTED, null);
        assertFalse(finished.silentSince(heartbeat.plusSeconds(31), Duration.ofSeconds(30)));
    }

    @Test
    void aLeaseReadsAsItsValues() {
        Date expires = new Date(1_700_000_030_000L);
        StoredLease lease = StoredLease.of(new Document("_id", "expire-carts").append("run_id", "65a1b2c3d4e5f60718293a4b")
                .append("expires_at", expires));

        assertEquals(new StoredLease("expire-carts", "65a1b2c3d4e5f60718293a4b", expires), lease);
    }
}

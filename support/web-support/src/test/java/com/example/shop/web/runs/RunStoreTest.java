package com.example.shop.web.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.example.shop.problems.ProblemException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The one rule of runs, on the embedded MongoDB-wire server: two stores over one collection act as
 * two replicas, and every write is given its time, so "30 s later" is exact.
 */
class RunStoreTest {

    private static final Duration STALE_AFTER = Duration.ofSeconds(30);
    private static final String STALE_DETAIL = "the replica stopped";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant LATER = T0.plus(STALE_AFTER).plusSeconds(1);
    private static final Set<String> PRODUCTS = Set.of("import-products");

    private static EmbeddedMongo server;
    private static MongoClient client;
    private MongoCollection<Document> collection;
    private RunStore owner;
    private RunStore other;

    @BeforeAll
    static void startServer() {
        server = EmbeddedMongo.inMemory();
        client = MongoClients.create(server.connectionString());
    }

    @AfterAll
    static void stopServer() {
        client.close();
        server.close();
    }

    @BeforeEach
    void emptyCollection() {
        MongoDatabase database = client.getDatabase("runs");
        collection = database.getCollection("runs");
        collection.drop();
        owner = new RunStore(database, STALE_AFTER, STALE_DETAIL);
        other = new RunStore(client.getDatabase("runs"), STALE_AFTER, STALE_DETAIL);
    }

    private Document stored(String id) {
        return collection.find(new Document("_id", id)).first();
    }

    private static String problemDetail(Document run) {
        return run.getList("problems", Document.class).get(0).getString("detail");
    }

    @Test
    void aRunIsStartedBeatenAndFinishedInTheOneShape() {
        String id = RunStore.newId();
        Run started = owner.start(id, "index-verify", Map.of("trigger", "manual", "replica", "a:1"), Map.of("done", 0L), T0);

        assertEquals(List.of("_id", "kind", "labels", "state", "counts", "problems", "started_at", "heartbeat_at", "finished_at"),
                List.copyOf(stored(id).keySet()));
        assertEquals(new Run(id, "index-verify", "running", Map.of("done", 0L), Map.of("trigger", "manual", "replica", "a:1"),
                T0, null, List.of()), started);
        assertEquals(Date.from(T0), stored(id).getDate("heartbeat_at"));

        owner.heartbeat(id, Map.of("done", 5L), T0.plusSeconds(1));
        assertEquals(5L, stored(id).get("counts", Document.class).getLong("done"));
        assertEquals(Date.from(T0.plusSeconds(1)), stored(id).getDate("heartbeat_at"));

        owner.finish(id, RunState.SUCCEEDED, Map.of("done", 9L, "differences", 0L), List.of(), T0.plusSeconds(2));
        Run ended = owner.find(id, Set.of("index-verify"), Set.of(), T0.plusSeconds(2)).orElseThrow();
        assertEquals("succeeded", ended.state());
        assertEquals(Map.of("done", 9L, "differences", 0L), ended.counts());
        assertEquals(T0.plusSeconds(2), ended.finishedAt());
        assertEquals(T0, ended.startedAt());
        assertEquals(List.of(), ended.problems());
        assertFalse(stored(id).containsKey("found_stale"));
    }

    @Test
    void aFailedRunCarriesItsProblem() {
        String id = RunStore.newId();
        owner.start(id, "import-products", Map.of(), Map.of(), T0);
        owner.finish(id, RunState.FAILED, Map.of("read", 3L), List.of(RunStore.failure("the disk is full")), T0.plusSeconds(1));

        Run failed = owner.find(id, PRODUCTS, Set.of(), T0.plusSeconds(1)).orElseThrow();
        assertEquals("failed", failed.state());
        assertEquals(1, failed.problems().size());
        assertEquals("https://problems.shop.example/run-failed", failed.problems().get(0).get("type"));
        assertEquals("the disk is full", failed.problems().get(0).get("detail"));
    }

    @Test
    void anotherReplicaFailsARunNotHeardOfForStaleAfterButNotBefore() {
        String id = RunStore.newId();
        owner.start(id, "import-products", Map.of(), Map.of(), T0);

        other.failStale(PRODUCTS, Set.of(), T0.plus(STALE_AFTER).minusSeconds(1));
        assertEquals("running", stored(id).getString("state"));

        other.failStale(PRODUCTS, Set.of(), LATER);
        Document failed = stored(id);
        assertEquals("failed", failed.getString("state"));
        assertEquals(STALE_DETAIL, problemDetail(failed));
        assertEquals(true, failed.getBoolean("found_stale"));
        assertEquals(Date.from(LATER), failed.getDate("finished_at"));
    }

    @Test
    void runsOfKindsWithAPrefixAreFailedTogether() {
        String products = RunStore.newId();
        String stock = RunStore.newId();
        String job = RunStore.newId();
        owner.start(products, "import-products", Map.of(), Map.of(), T0);
        owner.start(stock, "import-stock", Map.of(), Map.of(), T0);
        owner.start(job, "expire-carts", Map.of(), Map.of(), T0);

        other.failStaleOfKinds("import-", Set.of(), LATER);
        assertEquals("failed", stored(products).getString("state"));
        assertEquals("failed", stored(stock).getString("state"));
        assertEquals("running", stored(job).getString("state"));
    }

    @Test
    void theReplicaRunningARunNeverFailsIt() {
        String mine = RunStore.newId();
        String theirs = RunStore.newId();
        owner.start(mine, "import-products", Map.of(), Map.of(), T0);
        owner.start(theirs, "import-products", Map.of(), Map.of(), T0);

        owner.failStale(PRODUCTS, Set.of(mine), LATER);
        assertEquals("running", stored(mine).getString("state"));
        assertEquals("failed", stored(theirs).getString("state"));

        assertEquals("running", owner.find(mine, PRODUCTS, Set.of(mine), LATER).orElseThrow().state());
    }

    @Test
    void anAbandonedRunIsFailedWhateverItsHeartbeat() {
        String id = RunStore.newId();
        owner.start(id, "expire-carts", Map.of(), Map.of(), T0);

        other.failAbandoned(id, T0.plusSeconds(1));
        assertEquals("failed", stored(id).getString("state"));
        assertEquals(STALE_DETAIL, problemDetail(stored(id)));
    }

    @Test
    void aRunFoundStaleWhileAliveComesBackWithItsOwnersHeartbeatAndRecordsItsOwnEnd() {
        String id = RunStore.newId();
        Set<String> rebuild = Set.of("index-rebuild");
        owner.start(id, "index-rebuild", Map.of(), Map.of("done", 1L), T0);
        assertEquals("failed", other.find(id, rebuild, Set.of(), LATER).orElseThrow().state());

        owner.heartbeat(id, Map.of("done", 2L), LATER.plusSeconds(1));
        Document back = stored(id);
        assertEquals("running", back.getString("state"));
        assertEquals(2L, back.get("counts", Document.class).getLong("done"));
        assertNull(back.get("finished_at"));
        assertEquals(List.of(), back.getList("problems", Document.class));
        assertFalse(back.containsKey("found_stale"));

        other.failStale(rebuild, Set.of(), LATER.plus(STALE_AFTER).plusSeconds(2));
        assertEquals("failed", stored(id).getString("state"));
        owner.finish(id, RunState.SUCCEEDED, Map.of("done", 3L), List.of(), LATER.plus(STALE_AFTER).plusSeconds(3));
        Document ended = stored(id);
        assertEquals("succeeded", ended.getString("state"));
        assertEquals(3L, ended.get("counts", Document.class).getLong("done"));
        assertEquals(List.of(), ended.getList("problems", Document.class), "the stale mark's problem goes with it");
        assertFalse(ended.containsKey("found_stale"));
    }

    @Test
    void theReplicaRunningARunAnotherMarkedStaleShowsItRunningUntilItsHeartbeatReplacesTheMark() {
        String id = RunStore.newId();
        owner.start(id, "import-products", Map.of(), Map.of("read", 1L), T0);
        assertEquals("failed", other.find(id, PRODUCTS, Set.of(), LATER).orElseThrow().state());

        Run mine = owner.find(id, PRODUCTS, Set.of(id), LATER).orElseThrow();
        assertEquals("running", mine.state());
        assertNull(mine.finishedAt());
        assertEquals(List.of(), mine.problems());
        assertEquals(List.of("running"), owner.page(PRODUCTS, Map.of(), null, 10, Set.of(id), LATER).items().stream()
                .map(Run::state).toList());
        assertEquals("failed", stored(id).getString("state"), "the mark stays in the database until the owner writes");
        assertEquals("failed", other.find(id, PRODUCTS, Set.of(), LATER).orElseThrow().state(), "another replica still sees the mark");
    }

    @Test
    void aRunThatReallyEndedStaysEnded() {
        String failed = RunStore.newId();
        owner.start(failed, "import-products", Map.of(), Map.of("read", 1L), T0);
        owner.finish(failed, RunState.FAILED, Map.of("read", 2L), List.of(RunStore.failure("the disk is full")), T0.plusSeconds(1));

        owner.heartbeat(failed, Map.of("read", 3L), T0.plusSeconds(2));
        owner.finish(failed, RunState.SUCCEEDED, Map.of("read", 4L), List.of(), T0.plusSeconds(3));
        other.failStale(PRODUCTS, Set.of(), LATER.plus(STALE_AFTER));

        Document ended = stored(failed);
        assertEquals("failed", ended.getString("state"));
        assertEquals("the disk is full", problemDetail(ended));
        assertEquals(2L, ended.get("counts", Document.class).getLong("read"));
        assertEquals(Date.from(T0.plusSeconds(1)), ended.getDate("finished_at"));
        assertFalse(ended.containsKey("found_stale"));
    }

    @Test
    void findAnswersOnlyARunOfItsKinds() {
        String id = RunStore.newId();
        owner.start(id, "import-products", Map.of(), Map.of(), T0);

        assertTrue(other.find(id, Set.of("import-categories"), Set.of(), LATER).isEmpty());
        assertEquals("running", stored(id).getString("state"), "a run of another kind is not marked by a read of this one");
        assertTrue(other.find(RunStore.newId(), PRODUCTS, Set.of(), LATER).isEmpty());
        assertTrue(other.find("not-an-id", PRODUCTS, Set.of(), LATER).isEmpty());
    }

    @Test
    void aPageIsNewestFirstOfItsKindsAndLabelsWithStaleRunsMarkedFirst() {
        String first = RunStore.newId();
        String second = RunStore.newId();
        String third = RunStore.newId();
        String otherKind = RunStore.newId();
        String scheduled = RunStore.newId();
        owner.start(first, "import-products", Map.of("trigger", "manual"), Map.of(), T0);
        owner.start(second, "import-products", Map.of("trigger", "manual"), Map.of(), T0);
        owner.start(third, "import-products", Map.of("trigger", "manual"), Map.of(), LATER);
        owner.start(otherKind, "import-stock", Map.of("trigger", "manual"), Map.of(), T0);
        owner.start(scheduled, "import-products", Map.of("trigger", "scheduled"), Map.of(), LATER);

        RunPage page = other.page(PRODUCTS, Map.of("trigger", "manual"), null, 2, Set.of(second), LATER);
        assertEquals(List.of(third, second), page.items().stream().map(Run::id).toList());
        assertEquals(List.of("running", "running"), page.items().stream().map(Run::state).toList());
        assertEquals(second, page.next());

        RunPage next = other.page(PRODUCTS, Map.of("trigger", "manual"), page.next(), 2, Set.of(second), LATER);
        assertEquals(List.of(first), next.items().stream().map(Run::id).toList());
        assertNull(next.next(), "the last page has no next");
        assertEquals("failed", next.items().get(0).state());
        assertTrue(stored(first).getBoolean("found_stale"));
        assertEquals("running", stored(otherKind).getString("state"), "a page of one kind marks no run of another");

        ProblemException bad = assertThrows(ProblemException.class,
                () -> other.page(PRODUCTS, Map.of(), "{\"$gt\": \"\"}", 2, Set.of(), LATER));
        assertEquals("cursor", bad.problem().member("field"));
    }

    @Test
    void pruneDropsEndedRunsOfItsKindOlderThanKeepFor() {
        String old = RunStore.newId();
        String recent = RunStore.newId();
        String running = RunStore.newId();
        owner.start(old, "expire-carts", Map.of(), Map.of(), T0);
        owner.finish(old, RunState.SUCCEEDED, Map.of(), List.of(), T0);
        owner.start(recent, "expire-carts", Map.of(), Map.of(), LATER);
        owner.finish(recent, RunState.SUCCEEDED, Map.of(), List.of(), LATER);
        owner.start(running, "expire-carts", Map.of(), Map.of(), T0);

        owner.prune("expire-carts", Duration.ofSeconds(10), LATER);
        assertNull(stored(old));
        assertEquals("succeeded", stored(recent).getString("state"));
        assertEquals("running", stored(running).getString("state"));
    }
}

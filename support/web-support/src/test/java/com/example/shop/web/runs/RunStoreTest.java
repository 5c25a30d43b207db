package com.example.shop.web.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Set;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The stale rule of runs with a heartbeat, on the embedded MongoDB-wire server: two stores over one
 * collection act as two replicas, and every write is given its time, so "30 s later" is exact.
 */
class HeartbeatRunStoreTest {

    private static final Duration STALE_AFTER = Duration.ofSeconds(30);
    private static final String STALE_ERROR = "the replica stopped";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant LATER = T0.plus(STALE_AFTER).plusSeconds(1);

    private static EmbeddedMongo server;
    private static MongoClient client;
    private MongoCollection<Document> collection;
    private HeartbeatRunStore owner;
    private HeartbeatRunStore other;

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
        collection = client.getDatabase("runs").getCollection("test_runs");
        collection.drop();
        owner = new HeartbeatRunStore(collection, STALE_AFTER, STALE_ERROR);
        other = new HeartbeatRunStore(client.getDatabase("runs").getCollection("test_runs"), STALE_AFTER, STALE_ERROR);
    }

    private static String newId() {
        return new ObjectId().toHexString();
    }

    private Document stored(String id) {
        return collection.find(new Document("_id", id)).first();
    }

    @Test
    void aRunIsStartedBeatenAndFinishedWithItsOwnFields() {
        String id = newId();
        Document started = owner.start(id, "verify", new Document("counts", new Document("read", 0L)).append("replica", "a:1"), T0);

        assertEquals(List.of("_id", "kind", "state", "counts", "replica", "started_at", "heartbeat_at"), List.copyOf(stored(id).keySet()));
        assertEquals(started, stored(id));
        assertEquals("running", stored(id).getString("state"));
        assertEquals(Date.from(T0), stored(id).getDate("heartbeat_at"));

        owner.heartbeat(id, new Document("counts", new Document("read", 5L)), T0.plusSeconds(1));
        assertEquals(5L, stored(id).get("counts", Document.class).getLong("read"));
        assertEquals(Date.from(T0.plusSeconds(1)), stored(id).getDate("heartbeat_at"));

        owner.finish(id, RunState.SUCCEEDED, new Document("counts", new Document("read", 9L)).append("verify", new Document("ok", true)),
                null, T0.plusSeconds(2));
        Document ended = stored(id);
        assertEquals("succeeded", ended.getString("state"));
        assertEquals(9L, ended.get("counts", Document.class).getLong("read"));
        assertEquals(new Document("ok", true), ended.get("verify", Document.class));
        assertEquals(Date.from(T0.plusSeconds(2)), ended.getDate("finished_at"));
        assertEquals(Date.from(T0), ended.getDate("started_at"));
        assertFalse(ended.containsKey("error"));
        assertFalse(ended.containsKey("found_stale"));
    }

    @Test
    void anotherReplicaFailsARunNotHeardOfForStaleAfterButNotBefore() {
        String id = newId();
        owner.start(id, "products", new Document(), T0);

        other.failStale(new Document(), Set.of(), T0.plus(STALE_AFTER).minusSeconds(1));
        assertEquals("running", stored(id).getString("state"));

        other.failStale(new Document(), Set.of(), LATER);
        Document failed = stored(id);
        assertEquals("failed", failed.getString("state"));
        assertEquals(STALE_ERROR, failed.getString("error"));
        assertEquals(true, failed.getBoolean("found_stale"));
        assertEquals(Date.from(LATER), failed.getDate("finished_at"));
    }

    @Test
    void theReplicaRunningARunNeverFailsIt() {
        String mine = newId();
        String theirs = newId();
        owner.start(mine, "products", new Document(), T0);
        owner.start(theirs, "products", new Document(), T0);

        owner.failStale(new Document(), Set.of(mine), LATER);
        assertEquals("running", stored(mine).getString("state"));
        assertEquals("failed", stored(theirs).getString("state"));

        assertEquals("running", owner.find("products", mine, Set.of(mine), LATER).getString("state"));
    }

    @Test
    void aRunFoundStaleWhileAliveComesBackWithItsOwnersHeartbeatAndRecordsItsOwnEnd() {
        String id = newId();
        owner.start(id, "rebuild", new Document("progress", 1L), T0);
        assertEquals("failed", other.find("rebuild", id, Set.of(), LATER).getString("state"));

        owner.heartbeat(id, new Document("progress", 2L), LATER.plusSeconds(1));
        Document back = stored(id);
        assertEquals("running", back.getString("state"));
        assertEquals(2L, back.getLong("progress"));
        assertFalse(back.containsKey("finished_at"));
        assertFalse(back.containsKey("error"));
        assertFalse(back.containsKey("found_stale"));

        other.failStale(new Document(), Set.of(), LATER.plus(STALE_AFTER).plusSeconds(2));
        assertEquals("failed", stored(id).getString("state"));
        owner.finish(id, RunState.SUCCEEDED, new Document("progress", 3L), null, LATER.plus(STALE_AFTER).plusSeconds(3));
        Document ended = stored(id);
        assertEquals("succeeded", ended.getString("state"));
        assertEquals(3L, ended.getLong("progress"));
        assertFalse(ended.containsKey("error"), "the stale mark's error goes with it");
        assertFalse(ended.containsKey("found_stale"));
    }

    @Test
    void theReplicaRunningARunAnotherMarkedStaleShowsItRunningUntilItsHeartbeatReplacesTheMark() {
        String id = newId();
        owner.start(id, "products", new Document("progress", 1L), T0);
        assertEquals("failed", other.find("products", id, Set.of(), LATER).getString("state"));

        Document mine = owner.find("products", id, Set.of(id), LATER);
        assertEquals("running", mine.getString("state"), mine.toJson());
        assertFalse(mine.containsKey("finished_at"));
        assertFalse(mine.containsKey("error"));
        assertFalse(mine.containsKey("found_stale"));
        assertEquals(List.of("running"), owner.page("products", null, 10, Set.of(id), LATER).stream()
                .map(run -> run.getString("state")).toList());
        assertEquals("failed", stored(id).getString("state"), "the mark stays in the database until the owner writes");
        assertEquals("failed", other.find("products", id, Set.of(), LATER).getString("state"), "another replica still sees the mark");
    }

    @Test
    void aRunThatReallyEndedStaysEnded() {
        String failed = newId();
        owner.start(failed, "products", new Document("progress", 1L), T0);
        owner.finish(failed, RunState.FAILED, new Document("progress", 2L), "the disk is full", T0.plusSeconds(1));

        owner.heartbeat(failed, new Document("progress", 3L), T0.plusSeconds(2));
        owner.finish(failed, RunState.SUCCEEDED, new Document("progress", 4L), null, T0.plusSeconds(3));
        other.failStale(new Document(), Set.of(), LATER.plus(STALE_AFTER));

        Document ended = stored(failed);
        assertEquals("failed", ended.getString("state"));
        assertEquals("the disk is full", ended.getString("error"));
        assertEquals(2L, ended.getLong("progress"));
        assertEquals(Date.from(T0.plusSeconds(1)), ended.getDate("finished_at"));
        assertFalse(ended.containsKey("found_stale"));
    }

    @Test
    void findAnswersOnlyARunOfItsKind() {
        String id = newId();
        owner.start(id, "products", new Document(), T0);

        assertNull(other.find("categories", id, Set.of(), LATER));
        assertEquals("running", stored(id).getString("state"), "a run of another kind is not marked by a read of this one");
        assertNull(other.find("products", newId(), Set.of(), LATER));
    }

    @Test
    void aPageIsNewestFirstOfOneKindWithStaleRunsMarkedFirst() {
        String first = newId();
        String second = newId();
        String third = newId();
        String otherKind = newId();
        owner.start(first, "products", new Document(), T0);
        owner.start(second, "products", new Document(), T0);
        owner.start(third, "products", new Document(), LATER);
        owner.start(otherKind, "stock", new Document(), T0);

        List<Document> page = other.page("products", null, 2, Set.of(second), LATER);
        assertEquals(List.of(third, second), page.stream().map(run -> run.getString("_id")).toList());
        assertEquals(List.of("running", "running"), page.stream().map(run -> run.getString("state")).toList());

        List<Document> next = other.page("products", second, 2, Set.of(second), LATER);
        assertEquals(List.of(first), next.stream().map(run -> run.getString("_id")).toList());
        assertEquals("failed", next.get(0).getString("state"));
        assertTrue(next.get(0).getBoolean("found_stale"));
        assertEquals("running", stored(otherKind).getString("state"), "a page of one kind marks no run of another");
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.categories.MoveStep;
import com.example.shop.category.support.Api;
import com.example.shop.category.support.ArmedSeams;
import com.example.shop.testsupport.Eventually;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.StoppableDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The database dies while a move holds the tree lease, half-way (its parent pointer written, its
 * descendants' ancestors not yet), and another request has found it gone: the move answers a 503
 * after its next write waited out the server selection timeout, without then waiting as long again
 * to give back a lease on a database that is not there (bench/chaos kill-db: a category create
 * answered after 7.2 s, two selection timeouts of 3 s). The lease is given up as expired once the
 * database is back, well before it would expire by itself; the next change takes it over and
 * reconciles the tree first, so the half-done move is mended without a repair.
 */
@QuarkusTest
@TestProfile(DatabaseOutageTest.OwnDatabase.class)
class DatabaseOutageTest {

    private static final long SELECTION_TIMEOUT_MS = 2000;

    public static class OwnDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // a lease longer than the test waits for the tree after the outage: only giving it up lets the next change in
            return Map.of("quarkus.mongodb.server-selection-timeout", SELECTION_TIMEOUT_MS + "ms",
                    "category.tree-lock.lease", "PT60S");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StoppableDatabase.class), new TestResourceEntry(JwtTestResource.class));
        }
    }

    @Inject
    ArmedSeams seams;

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    @Test
    void aMoveCaughtHalfWayAnswersAfterItsFailedWriteAndTheNextHolderMendsTheTree() throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        String from = "outage-from-" + id;
        String to = "outage-to-" + id;
        String moved = "outage-moved-" + id;
        String below = "outage-below-" + id;
        Api.created("From", from, null);
        Api.created("To", to, null);
        Api.created("Moved", moved, from);
        Api.created("Below", below, moved);

        Hold pause = seams.pauseAt(MoveStep.PARENT_UPDATED);
        CompletableFuture<long[]> move = CompletableFuture.supplyAsync(
                () -> new long[] {Api.move(moved, to).then().extract().statusCode(), System.nanoTime()});
        assertTrue(pause.awaitHeld(30), "the move wrote its parent pointer");
        StoppableDatabase.down();
        // another request finds the database gone (under load one always does first): the driver knows it now
        given().get("/categories/" + from).then().statusCode(503);
        long resumed = System.nanoTime();
        pause.release();

        long[] answer = move.get(60, TimeUnit.SECONDS);
        assertEquals(503, answer[0], "the database is unavailable");
        long tookMs = TimeUnit.NANOSECONDS.toMillis(answer[1] - resumed);
        // its failed write waits out one selection timeout; giving the lease back waited out another
        assertTrue(tookMs < 1.5 * SELECTION_TIMEOUT_MS, "the move answered " + tookMs + " ms after the database went away");

        StoppableDatabase.up();
        int[] status = {0};
        assertTrue(Eventually.holds(Duration.ofSeconds(15),
                        () -> (status[0] = Api.create("After", "outage-after-" + id, null).then().extract().statusCode()) == 201),
                "no change got the tree within 15 s of the database's return (the lease is 60 s), last answer " + status[0]);
        Api.verify().then().statusCode(200).body("healthy", equalTo(true));
        given().get("/categories/" + below).then().statusCode(200).body("breadcrumbs.slug", contains(to, moved));
    }
}

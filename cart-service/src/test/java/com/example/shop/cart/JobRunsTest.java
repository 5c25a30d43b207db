package com.example.shop.cart;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.jobs.JobName;
import com.example.shop.cart.jobs.JobRunner;
import com.example.shop.cart.jobs.JobsStore;
import com.example.shop.cart.jobs.RunTrigger;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Job runs: started in the background (202 + Location), followed by GET, listed newest first,
 * never two of one job at once across replicas: a run whose replica died is recorded as abandoned,
 * and a run that lost its lease stops.
 * A second replica is a {@link JobRunner} on its own MongoClient whose expire-carts work waits for
 * the test's signal, so that "a run is going on elsewhere" lasts exactly as long as the test needs.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class JobRunsTest {

    private static final String RUN_LOCATION = "^/admin/jobs/runs/[0-9a-f]{24}$";
    private static final Duration LEASE = Duration.ofSeconds(30);

    private MongoClient otherClient;
    private JobRunner otherReplica;
    /** The second replica's run, held once it has recorded some progress, until the test releases it. */
    private Hold working;

    @BeforeEach
    void secondReplica() {
        working = new Hold();
        otherClient = MongoClients.create(MongoTestResource.connectionString());
        otherReplica = new JobRunner(new JobsStore(otherClient.getDatabase("cart"), LEASE), LEASE, Map.of(JobName.EXPIRE_CARTS, new JobRunner.Job(Duration.ZERO, (threshold, progress) -> {
            progress.accept(counts(7, 0, 0));
            working.hold();
            return counts(7, 7, 21);
        })), Duration.ofMillis(100), Duration.ofDays(7));
    }

    @AfterEach
    void stopSecondReplica() {
        working.release();
        // Let a run of the second replica end (and release its lease) before the next test.
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (TestDatabase.database("cart").getCollection("leases").countDocuments(new Document("_id", "expire-carts")) > 0
                && System.nanoTime() < deadline) {
            sleep(20);
        }
        otherReplica.close();
        otherClient.close();
    }

    @Test
    void aRunGoingOnOnAnotherReplicaIsAnsweredInsteadOfStartingASecondOneAndCanBeFollowedHere() throws Exception {
        JobRunner.Started elsewhere = otherReplica.start(JobName.EXPIRE_CARTS, RunTrigger.MANUAL);
        assertTrue(elsewhere.started());
        String id = elsewhere.run().id();
        assertTrue(working.awaitHeld(10));

        // Eight admins trigger the same job at once on this instance: all get the run going on elsewhere.
        List<Response> answers = concurrently(8, () -> Api.startJob("expire-carts", "PT0S"));
        for (Response answer : answers) {
            answer.then().statusCode(202)
                    .header("Location", "/admin/jobs/runs/" + id)
                    .body("id", equalTo(id))
                    .body("state", equalTo("running"))
                    .body("kind", equalTo("expire-carts"));
        }

        // This instance shows the other replica's run, with its counts so far.
        Response running = awaitCounts("/admin/jobs/runs/" + id, "locked", 7);
        running.then().body("state", equalTo("running")).body("labels.trigger", equalTo("manual"))
                .body("finished_at", nullValue()).body("started_at", notNullValue());

        working.release();
        Response finished = Api.awaitRun("/admin/jobs/runs/" + id);
        finished.then().body("state", equalTo("succeeded"))
                .body("counts.expired", equalTo(7)).body("counts.returned_units", equalTo(21))
                .body("finished_at", notNullValue())
                .body("problems", empty());
        // Only that one run of the job exists for this moment: none of the eight triggers started another.
        List<Map<String, Object>> runs = Api.asAdmin().queryParam("job", "expire-carts").queryParam("limit", 100)
                .get("/admin/jobs/runs").then().statusCode(200).extract().jsonPath().getList("items");
        Instant started = Instant.parse(finished.jsonPath().getString("started_at"));
        assertEquals(List.of(id), runs.stream()
                .filter(run -> !Instant.parse((String) run.get("started_at")).isBefore(started))
                .map(run -> (String) run.get("id")).toList());

        // Once it has ended, a trigger starts a new run.
        Response next = Api.startJob("expire-carts", "PT0S");
        next.then().statusCode(202);
        assertNotEquals(id, next.jsonPath().getString("id"));
        Api.awaitRun(next.header("Location")).then().body("state", equalTo("succeeded"));
    }

    @Test
    void triggersAtTheSameMomentNeverRunOneJobTwiceAtOnce() throws Exception {
        Set<String> ids = new HashSet<>();
        for (int round = 0; round < 3; round++) {
            for (Response answer : concurrently(6, () -> Api.startJob("cleanup-inventory", "PT0S"))) {
                answer.then().statusCode(202).header("Location", matchesPattern(RUN_LOCATION));
                ids.add(answer.jsonPath().getString("id"));
            }
        }
        for (String id : ids) {
            Api.awaitRun("/admin/jobs/runs/" + id).then().body("state", equalTo("succeeded"));
        }
        // No two runs of the job (these, and any scheduled one) overlap in time.
        List<Map<String, Object>> runs = new ArrayList<>(Api.asAdmin().queryParam("job", "cleanup-inventory")
                .queryParam("limit", 100).get("/admin/jobs/runs").then().statusCode(200).extract().jsonPath().getList("items"));
        runs.sort(Comparator.comparing(run -> Instant.parse((String) run.get("started_at"))));
        for (int i = 1; i < runs.size(); i++) {
            String finishedAt = (String) runs.get(i - 1).get("finished_at");
            Instant previousEnd = finishedAt == null ? Instant.MAX : Instant.parse(finishedAt);
            Instant start = Instant.parse((String) runs.get(i).get("started_at"));
            assertFalse(start.isBefore(previousEnd), "runs overlap: " + runs.get(i - 1) + " and " + runs.get(i));
        }
    }

    @Test
    void aRunWhoseReplicaDiedIsRecordedAsAbandonedAndTheJobRunsAgain() {
        // A replica took the lease, recorded some progress and died two minutes ago.
        String dead = new ObjectId().toHexString();
        Date twoMinutesAgo = new Date(System.currentTimeMillis() - 120_000);
        TestDatabase.database("cart").getCollection("runs").insertOne(new Document("_id", dead)
                .append("kind", "resolve-checkouts").append("labels", new Document("trigger", "scheduled")).append("state", "running")
                .append("counts", new Document("completed", 1L).append("released", 0L).append("finalized", 0L))
                .append("problems", List.of())
                .append("started_at", twoMinutesAgo).append("heartbeat_at", twoMinutesAgo).append("finished_at", null));
        TestDatabase.database("cart").getCollection("leases").replaceOne(new Document("_id", "resolve-checkouts"),
                new Document("_id", "resolve-checkouts").append("holder", dead)
                        .append("expires_at", new Date(System.currentTimeMillis() - 90_000)),
                new com.mongodb.client.model.ReplaceOptions().upsert(true));

        Response fresh = Api.startJob("resolve-checkouts", "PT0S");
        fresh.then().statusCode(202);
        assertNotEquals(dead, fresh.jsonPath().getString("id"));
        Api.asAdmin().get("/admin/jobs/runs/" + dead).then().statusCode(200)
                .body("state", equalTo("failed"))
                .body("problems[0].type", endsWith("/run-failed"))
                .body("problems[0].detail", containsString("abandoned"))
                .body("counts.completed", equalTo(1))
                .body("finished_at", notNullValue());
        Api.awaitRun(fresh.header("Location")).then().body("state", equalTo("succeeded"));
    }

    @Test
    void aRunThatLostItsLeaseStopsAndEndsFailedSoTheJobNeverShowsTwoLiveRuns() {
        // A second replica whose run works on, telling its progress, until it is stopped.
        JobRunner busy = new JobRunner(new JobsStore(otherClient.getDatabase("cart"), LEASE), LEASE,
                Map.of(JobName.CLEANUP_INVENTORY, new JobRunner.Job(Duration.ZERO, (threshold, progress) -> {
                    for (long examined = 0; ; examined++) {
                        progress.accept(Map.of("examined", examined));
                        sleep(20);
                    }
                })), Duration.ofMillis(100), Duration.ofDays(7));
        var leases = TestDatabase.database("cart").getCollection("leases");
        try {
            String id = busy.start(JobName.CLEANUP_INVENTORY, RunTrigger.MANUAL).run().id();
            // Its lease is another run's now, as when it went unrenewed past its term and was taken over.
            leases.updateOne(new Document("_id", "cleanup-inventory"), new Document("$set", new Document("holder", "another-run")
                    .append("expires_at", new Date(System.currentTimeMillis() + 60_000))));

            // Its next renewal fails: it heartbeats no more, stops, and records its end as failed.
            Api.awaitRun("/admin/jobs/runs/" + id).then().body("state", equalTo("failed"))
                    .body("problems[0].type", endsWith("/run-failed"))
                    .body("problems[0].detail", containsString("lease"))
                    .body("finished_at", notNullValue());
        } finally {
            leases.deleteOne(new Document("_id", "cleanup-inventory").append("holder", "another-run"));
            busy.close();
        }
    }

    @Test
    void runsAreListedNewestFirstPageByPage() {
        List<String> started = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            started.add(Api.job("resolve-checkouts", "PT0S").jsonPath().getString("id"));
        }
        Response first = Api.asAdmin().queryParam("job", "resolve-checkouts").queryParam("limit", 2).get("/admin/jobs/runs");
        first.then().statusCode(200).header("Cache-Control", "private, no-store")
                .body("items.size()", equalTo(2)).body("next", notNullValue());
        assertEquals(List.of(started.get(2), started.get(1)), first.jsonPath().getList("items.id"));
        Response second = Api.asAdmin().queryParam("job", "resolve-checkouts").queryParam("limit", 2)
                .queryParam("cursor", first.jsonPath().getString("next")).get("/admin/jobs/runs");
        second.then().statusCode(200);
        assertEquals(started.get(0), second.jsonPath().getString("items[0].id"));
        List<String> all = Api.asAdmin().queryParam("limit", 100).get("/admin/jobs/runs")
                .then().statusCode(200).extract().jsonPath().getList("items.kind");
        assertTrue(all.contains("resolve-checkouts"));
    }

    @Test
    void aTriggerAnswersAtOnceWithTheRunsPath() {
        Response answer = Api.startJob("expire-carts", null);
        answer.then().statusCode(202)
                .header("Location", matchesPattern(RUN_LOCATION))
                .header("Cache-Control", "private, no-store")
                .body("kind", equalTo("expire-carts"))
                .body("labels.trigger", equalTo("manual"))
                .body("started_at", notNullValue());
        assertEquals("/admin/jobs/runs/" + answer.jsonPath().getString("id"), answer.header("Location"));
        Api.awaitRun(answer.header("Location")).then().body("state", equalTo("succeeded"))
                .body("counts.locked", notNullValue()).body("counts.expired", notNullValue())
                .body("counts.returned_units", notNullValue());
    }

    @Test
    void badRequestsAreProblemsNamingTheField() {
        Api.asAdmin().post("/admin/jobs/defragment").then().statusCode(404).contentType("application/problem+json");
        Api.asAdmin().get("/admin/jobs/runs/not-an-id").then().statusCode(404).contentType("application/problem+json");
        Api.asAdmin().get("/admin/jobs/runs/" + new ObjectId().toHexString()).then().statusCode(404);
        Api.asAdmin().queryParam("job", "defragment").get("/admin/jobs/runs").then().statusCode(400).body("field", equalTo("job"));
        Api.asAdmin().queryParam("limit", 0).get("/admin/jobs/runs").then().statusCode(400).body("field", equalTo("limit"));
        Api.asAdmin().queryParam("limit", 101).get("/admin/jobs/runs").then().statusCode(400).body("field", equalTo("limit"));
        Api.asAdmin().queryParam("cursor", "bm90LWEtY3Vyc29y").get("/admin/jobs/runs").then().statusCode(400).body("field", equalTo("cursor"));
        Api.asAdmin().queryParam("cursor", "%%%").get("/admin/jobs/runs").then().statusCode(400).body("field", equalTo("cursor"));
        Api.asAdmin().queryParam("olderThan", "soon").post("/admin/jobs/expire-carts").then().statusCode(400).body("field", equalTo("olderThan"));
        given().get("/admin/jobs/runs").then().statusCode(401);
        given().auth().oauth2(TestTokens.withRoles("customer")).get("/admin/jobs/runs").then().statusCode(403);
    }

    private static Map<String, Long> counts(long locked, long expired, long units) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("locked", locked);
        counts.put("expired", expired);
        counts.put("returned_units", units);
        return counts;
    }

    private static Response awaitCounts(String location, String counter, int value) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        Response run;
        do {
            run = Api.asAdmin().get(location);
            run.then().statusCode(200);
            Integer seen = run.jsonPath().get("counts." + counter);
            if (seen != null && seen == value) {
                return run;
            }
            sleep(25);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("counts." + counter + " never became " + value + ": " + run.asString());
    }

    private static List<Response> concurrently(int clients, java.util.concurrent.Callable<Response> call) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(clients);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                answers.add(pool.submit(() -> {
                    barrier.await(10, TimeUnit.SECONDS);
                    return call.call();
                }));
            }
            List<Response> done = new ArrayList<>();
            for (Future<Response> answer : answers) {
                done.add(answer.get(60, TimeUnit.SECONDS));
            }
            return done;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.album;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.Eventually;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.StoppableDatabase;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The database dies while product writes are between their MongoDB write and their index change
 * (bench/chaos kill-db, where creates caught by the kill were answered after 10 s, past the
 * gateway's timeout): MongoDB holds each product, so each is answered 201, and none waits for the
 * database more than about once. The index changes read under one lock, and without a server each
 * read waited out the server selection timeout behind the previous one's: writers answered one
 * selection timeout after another. Once the database is back, the index catches up from the change
 * feed and lists every product.
 */
@QuarkusTest
@TestProfile(DatabaseOutageTest.OwnDatabase.class)
class DatabaseOutageTest {

    private static final int WRITERS = 4;
    private static final long SELECTION_TIMEOUT_MS = 1000;

    public static class OwnDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.server-selection-timeout", SELECTION_TIMEOUT_MS + "ms",
                    "catalog.search.feed-gap-grace", "PT3S",
                    "catalog.search.directory", "target/search-index-outage");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StoppableDatabase.class), new TestResourceEntry(JwtTestResource.class),
                    new TestResourceEntry(CategoryStub.class));
        }
    }

    @Test
    void writesCaughtByTheOutageAreAnsweredWithoutWaitingInTurnAndListedOnceItIsBack() throws Exception {
        awaitStatus("/q/health/ready", 200); // the index is open: writes go through it
        String word = "Outage" + UUID.randomUUID().toString().substring(0, 8);
        List<String> skus = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            String sku = Fixtures.sku("outage-" + i);
            skus.add(sku);
            holds.add(ArmedSeams.holdBeforeIndex(sku));
        }
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<long[]>> answers = new ArrayList<>();
            for (int i = 0; i < WRITERS; i++) {
                Map<String, Object> body = album(skus.get(i), word + " " + i, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900);
                answers.add(writers.submit(() -> {
                    int status = admin().body(body).when().post("/products").then().extract().statusCode();
                    return new long[] {status, System.nanoTime()};
                }));
            }
            for (Hold hold : holds) {
                assertTrue(hold.awaitHeld(30), "every write reached its index change (MongoDB has it)");
            }

            StoppableDatabase.down();
            long released = System.nanoTime();
            holds.forEach(Hold::release);

            long slowest = 0;
            for (Future<long[]> answer : answers) {
                long[] statusAndTime = answer.get(60, TimeUnit.SECONDS);
                assertEquals(201, statusAndTime[0], "MongoDB has the product: the index's trouble is not the client's");
                slowest = Math.max(slowest, TimeUnit.NANOSECONDS.toMillis(statusAndTime[1] - released));
            }
            // one selection timeout (the read that found the server gone) and some slack; in turn it took WRITERS and more
            assertTrue(slowest < 2.5 * SELECTION_TIMEOUT_MS,
                    "the slowest write answered " + slowest + " ms after the database went away");
        } finally {
            writers.shutdownNow();
        }

        StoppableDatabase.up();
        awaitStatus("/products/" + skus.get(0), 200); // the driver finds the server again
        for (String sku : skus) {
            given().get("/products/" + sku).then().statusCode(200).body("sku", equalTo(sku));
        }
        Eventually.holds(Duration.ofSeconds(30), () -> listed(word).size() >= WRITERS);
        assertEquals(skus.stream().sorted().toList(), listed(word).stream().map(String::valueOf).sorted().toList(),
                "the index caught up from the change feed");
    }

    private static List<Object> listed(String titlePrefix) {
        return given().queryParam("titlePrefix", titlePrefix).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("items.sku");
    }

    private static void awaitStatus(String path, int status) throws InterruptedException {
        assertTrue(Eventually.holds(Duration.ofSeconds(30), () -> given().get(path).then().extract().statusCode() == status),
                path + " did not answer " + status + " within 30 s");
    }
}

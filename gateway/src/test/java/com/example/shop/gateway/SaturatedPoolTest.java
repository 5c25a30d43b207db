package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A service whose connections are all busy (a flash sale: a thousand shoppers for 128 pooled
 * connections to the cart service) must not lose connections of the pool: not to requests that
 * stopped waiting for one, nor to clients that gave up. Afterwards the service is reached as
 * before. Seen in the drop benchmark: within a minute every pooled connection to the cart service
 * was held by a request that had already given up waiting, and every later cart request failed,
 * for good. The pool here is 4 connections, so that a handful of lost ones shows, and at most 16
 * requests wait for one.
 */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
@TestProfile(SaturatedPoolTest.SmallPool.class)
class SaturatedPoolTest {

    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.upstreams.cart.pool-size", "4", "gateway.upstreams.cart.max-waiting", "16");
        }
    }

    private static final int CLIENTS = 200;

    @TestHTTPResource("/")
    URI gateway;

    /**
     * Each answer takes about as long as the wait for a connection may (500 ms): connections come
     * free just as waiters give up, round after round. Those that waited in vain get a 503 with
     * Retry-After (the service is saturated), not a 504 (it never got their request).
     */
    @Test
    void requestsThatStoppedWaitingForAConnectionDoNotKeepOne() throws Exception {
        Stubs.slow("cart", 480);
        try {
            for (int round = 0; round < 4; round++) {
                List<CompletableFuture<HttpResponse<Void>>> sent = new ArrayList<>();
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                for (int i = 0; i < CLIENTS; i++) {
                    sent.add(client.sendAsync(HttpRequest.newBuilder(gateway.resolve("/api/carts/c" + i)).GET().build(),
                            HttpResponse.BodyHandlers.discarding()));
                }
                List<Integer> statuses = sent.stream().map(CompletableFuture::join).map(HttpResponse::statusCode).toList();
                assertTrue(statuses.contains(503), "the pool of 4 was saturated: some waited in vain (503): " + statuses);
            }
        } finally {
            Stubs.fast("cart");
        }
        assertStillReachable();
    }

    /**
     * Beyond the 16 waiting requests, the saturated service's excess is a 503 with Retry-After at
     * once, long before the 500 ms a waiting request may wait; the waiting ones are served. "At once"
     * is told by the 503's reason (the wait queue was full when the request came, which no timer decides),
     * not by the time the client saw: on two busy cores 200 requests sent together see their answers
     * late (once 91 of 196 came in under 450 ms, with the reason saying every one was turned away on
     * arrival).
     */
    @Test
    void requestsBeyondTheWaitQueueAreTurnedAwayAtOnce() throws Exception {
        Stubs.slow("cart", 300);
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            List<CompletableFuture<long[]>> sent = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                long start = System.nanoTime();
                sent.add(client.sendAsync(HttpRequest.newBuilder(gateway.resolve("/api/carts/c" + i)).GET().build(),
                                HttpResponse.BodyHandlers.ofString())
                        .thenApply(answer -> new long[] {answer.statusCode(), (System.nanoTime() - start) / 1_000_000,
                                answer.headers().firstValue("Retry-After").isPresent() ? 1 : 0,
                                answer.body().contains("The cart service is busy") ? 1 : 0,
                                answer.body().contains("16 requests wait for a connection already") ? 1 : 0}));
            }
            List<long[]> answers = sent.stream().map(CompletableFuture::join).toList();
            long served = answers.stream().filter(a -> a[0] == 200).count();
            List<long[]> turnedAway = answers.stream().filter(a -> a[0] == 503).toList();
            assertEquals(CLIENTS, served + turnedAway.size(), "each answer is a 200 or a 503");
            assertTrue(served >= 4, "the pool's connections and some waiting requests were served: " + served);
            assertTrue(turnedAway.stream().allMatch(a -> a[2] == 1), "every 503 says when to come back");
            assertTrue(turnedAway.stream().allMatch(a -> a[3] == 1), "every 503 says the service is busy, not unreachable");
            List<long[]> atOnce = turnedAway.stream().filter(a -> a[4] == 1).toList();
            assertTrue(atOnce.size() >= CLIENTS - 16 - 40,
                    "most of the excess was turned away on arrival (the queue of 16 full), not after a wait: " + atOnce.size()
                            + " of " + turnedAway.size() + " 503s");
            // a 503 after a wait comes at 500 ms at the earliest
            long fastest = atOnce.stream().mapToLong(a -> a[1]).min().orElseThrow();
            assertTrue(fastest < 450, "the first request turned away on arrival was answered in " + fastest + " ms");
        } finally {
            Stubs.fast("cart");
        }
        assertStillReachable();
    }

    /**
     * Clients that close their connections while the service is slow give the gateway's
     * connections back, including those that left while waiting for one: a connection that came
     * for such an exchange used to be lost to the pool for good (every later request a 503).
     */
    @Test
    void requestsAbandonedByTheirClientsGiveTheirConnectionsBack() throws Exception {
        Stubs.slow("cart", 700);
        try {
            abandon(CLIENTS, "POST");
            abandon(CLIENTS, "GET");
        } finally {
            Stubs.fast("cart");
        }
        Thread.sleep(1_000); // every abandoned exchange has ended at the service by now (its timeout is 800 ms)
        assertStillReachable();
    }

    private static void assertStillReachable() {
        for (int i = 0; i < 20; i++) {
            given().contentType("application/json").body("{\"sku\":\"moanin\",\"qty\":1}")
                    .when().post("/api/carts/c1/items")
                    .then().statusCode(200);
            given().when().get("/api/carts/c1").then().statusCode(200);
        }
    }

    /**
     * {@code count} requests at once, each on a connection of its own that its client closes after
     * 200 ms, unless the gateway turned it away first (its wait queue was full).
     */
    private void abandon(int count, String method) {
        List<CompletableFuture<String>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest.Builder request = HttpRequest.newBuilder(gateway.resolve("/api/carts/c" + i + "/items"))
                    .timeout(Duration.ofMillis(200)).header("Content-Type", "application/json");
            request = "POST".equals(method)
                    ? request.POST(HttpRequest.BodyPublishers.ofString("{\"sku\":\"moanin\",\"qty\":1}"))
                    : request.GET();
            sent.add(client.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding())
                    .handle((answer, failure) -> failure != null ? "gave up" : String.valueOf(answer.statusCode())));
        }
        Map<String, Long> outcomes = sent.stream().map(CompletableFuture::join)
                .collect(java.util.stream.Collectors.groupingBy(outcome -> outcome, java.util.stream.Collectors.counting()));
        // beyond the 16 waiting (the pool's 4 among them) the gateway said 503 at once
        assertEquals(count, outcomes.getOrDefault("gave up", 0L) + outcomes.getOrDefault("503", 0L),
                "every client either gave up before the slow service answered or was turned away: " + outcomes);
    }
}

package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.Eventually;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A service whose connections are all busy (a flash sale: a thousand shoppers for 128 pooled
 * connections to the cart service) must not lose connections of the pool: not to requests that
 * stopped waiting for one, nor to clients that gave up. Afterwards the service is reached as
 * before. Seen in the drop benchmark: within a minute every pooled connection to the cart service
 * was held by a request that had already given up waiting, and every later cart request failed,
 * for good. The pool here is 4 connections, so that a handful of lost ones shows, and at most 16
 * requests wait for one.
 *
 * <p>Only the first test lets the clock decide (waits that run out as connections come free: its
 * subject); the others hold the service's answers until the clients are done, with waits no clock
 * ends within the test, so that a slow machine changes nothing they check.
 */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
@TestProfile(SaturatedPoolTest.SmallPool.class)
class SaturatedPoolTest {

    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.upstreams.cart.pool-size", "4", "gateway.upstreams.cart.max-waiting", "16",
                    // a held answer is never a timeout (StubUpstreams' 800 ms)
                    "gateway.upstreams.cart.timeout", "1m",
                    // as small, and waits that do not run out either: the queue's bound alone turns requests away
                    "gateway.upstreams.catalog.pool-size", "4", "gateway.upstreams.catalog.max-waiting", "16",
                    "gateway.upstreams.catalog.connect-timeout", "1m", "gateway.upstreams.catalog.timeout", "1m");
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
     * once, and the waiting ones are served. The catalog holds every request until the clients'
     * excess has been answered: no connection comes free meanwhile and no wait runs out (a minute),
     * so each of those 503s was decided on arrival, as its reason says (the queue was full), and no
     * clock tells it. At most the pool's 4 and the 16 waiting get in: 16 at least, 4 more when
     * connections came while requests were still arriving.
     */
    @Test
    void requestsBeyondTheWaitQueueAreTurnedAwayAtOnce() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        AtomicInteger answered = new AtomicInteger();
        Stubs.hold("catalog");
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (int i = 0; i < CLIENTS; i++) {
                sent.add(client.sendAsync(HttpRequest.newBuilder(gateway.resolve("/api/products/p" + i)).GET().build(),
                        HttpResponse.BodyHandlers.ofString()).whenComplete((answer, failure) -> answered.incrementAndGet()));
            }
            assertTrue(Eventually.holds(Duration.ofMinutes(1), () -> answered.get() >= CLIENTS - 20),
                    "the excess was answered while the service held the rest: " + answered.get() + " answers");
        } finally {
            Stubs.release("catalog");
        }
        List<HttpResponse<String>> answers = sent.stream().map(CompletableFuture::join).toList();
        long served = answers.stream().filter(a -> a.statusCode() == 200).count();
        List<HttpResponse<String>> turnedAway = answers.stream().filter(a -> a.statusCode() == 503).toList();
        assertEquals(CLIENTS, served + turnedAway.size(), "each answer is a 200 or a 503");
        assertTrue(served >= 16 && served <= 20, "the 16 waiting and at most the pool's 4 besides were served: " + served);
        assertTrue(turnedAway.stream().allMatch(a -> a.headers().firstValue("Retry-After").isPresent()),
                "every 503 says when to come back");
        assertTrue(turnedAway.stream().allMatch(a -> a.body().contains("The catalog service is busy")
                        && a.body().contains("16 requests wait for a connection already")),
                "every 503 says the service is busy and was decided on arrival (the queue full)");
        for (int i = 0; i < 20; i++) {
            given().when().get("/api/products/p1").then().statusCode(200);
        }
    }

    /**
     * Clients that close their connections while the service has not answered give the gateway's
     * connections back, including those that left while waiting for one: a connection that came
     * for such an exchange used to be lost to the pool for good (every later request a 503). The
     * service holds every answer until all the clients are gone; then it is reached as before, once
     * the exchanges they left have ended there.
     */
    @Test
    void requestsAbandonedByTheirClientsGiveTheirConnectionsBack() throws Exception {
        Stubs.hold("cart");
        try {
            abandon(CLIENTS, "POST");
            abandon(CLIENTS, "GET");
        } finally {
            Stubs.release("cart");
        }
        assertTrue(Eventually.holds(Duration.ofMinutes(1),
                () -> given().when().get("/api/carts/c1").then().extract().statusCode() == 200),
                "the cart service is reached again");
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
                "every client either gave up before the held service answered or was turned away: " + outcomes);
    }
}

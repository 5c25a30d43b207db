package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Services that are down or slow: problems naming them, bounded waits, readiness. */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class UpstreamFailureTest {

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URI gateway;

    @Test
    void serviceDownIs503NamingIt() {
        Stubs.down("catalog");
        try {
            long start = System.nanoTime();
            given().when().get("/api/products")
                    .then().statusCode(503)
                    .contentType("application/problem+json")
                    .header("X-Request-Id", matchesPattern(RoutingTest.UUID))
                    .body("type", equalTo("https://problems.shop.example/service-unavailable"))
                    .body("status", equalTo(503))
                    .body("service", equalTo("catalog"))
                    // gateway.retry-after is 7 s in the tests (default 5 s)
                    .header("Retry-After", "7")
                    .header("Cache-Control", "no-store");
            assertTrue(millisSince(start) < 2000);
            // Admin requests too, after the edge checks.
            given().header("Authorization", "Bearer " + com.example.shop.testsupport.TestTokens.admin())
                    .when().post("/api/products")
                    .then().statusCode(503).header("Retry-After", "7");
            // The other services are unaffected.
            given().when().get("/api/categories").then().statusCode(200);
        } finally {
            Stubs.up("catalog");
        }
        given().when().get("/api/products").then().statusCode(200);
    }

    @Test
    void aBare503OfAServiceShuttingDownBecomesTheGatewaysProblemWithRetryAfter() {
        Stubs.unavailable("catalog", "bare");
        try {
            given().when().get("/api/products/sku-1")
                    .then().statusCode(503)
                    .contentType("application/problem+json")
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                    .header("X-Request-Id", matchesPattern(RoutingTest.UUID))
                    .body("type", equalTo("https://problems.shop.example/service-unavailable"))
                    .body("service", equalTo("catalog"));
        } finally {
            Stubs.unavailable("catalog", null);
        }
        given().when().get("/api/products/sku-1").then().statusCode(200);
    }

    @Test
    void aServicesOwn503ProblemPassesThroughUnchanged() {
        Stubs.unavailable("cart", "problem");
        try {
            given().when().get("/api/carts/c1")
                    .then().statusCode(503)
                    .contentType("application/problem+json")
                    .body("dependency", equalTo("mongodb"))
                    .body("detail", equalTo("MongoDB cannot be reached"));
        } finally {
            Stubs.unavailable("cart", null);
        }
    }

    @Test
    void slowServiceIs504NamingItWithinItsTimeout() {
        Stubs.slow("cart", 5000);
        try {
            long start = System.nanoTime();
            given().when().get("/api/carts/c1")
                    .then().statusCode(504)
                    .contentType("application/problem+json")
                    .body("type", equalTo("https://problems.shop.example/upstream-timeout"))
                    .body("status", equalTo(504))
                    .body("service", equalTo("cart"))
                    .header("Retry-After", org.hamcrest.Matchers.nullValue());
            long elapsed = millisSince(start);
            // The configured timeout is 800 ms: not earlier, and well before the service's 5 s.
            assertTrue(elapsed >= 700 && elapsed < 2500, "answered after " + elapsed + " ms");
        } finally {
            Stubs.fast("cart");
        }
        given().when().get("/api/carts/c1").then().statusCode(200);
    }

    @Test
    void slowServiceDoesNotHoldUpTheOthers() {
        given().when().get("/api/products").then().statusCode(200);
        Stubs.slow("category", 5000);
        try {
            // A category request waits in the background while catalog requests go through.
            new Thread(() -> given().when().get("/api/categories")).start();
            long start = System.nanoTime();
            given().when().get("/api/products").then().statusCode(200);
            long elapsed = millisSince(start);
            assertTrue(elapsed < 700, "catalog answered after " + elapsed + " ms");
        } finally {
            Stubs.fast("category");
        }
    }

    @Test
    void aSlowUploadIsNotASlowService() throws Exception {
        // Five pieces 300 ms apart: the upload takes longer than the 800 ms timeout of the service,
        // which only starts counting once the whole request has been sent.
        java.io.InputStream slow = new java.io.InputStream() {
            int piece;
            int left = 1000;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left == 0) {
                    if (++piece == 5) {
                        return -1;
                    }
                    sleep(300);
                    left = 1000;
                }
                int n = Math.min(len, left);
                left -= n;
                return n;
            }
        };
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        long start = System.nanoTime();
        java.net.http.HttpResponse<String> response = client.send(
                java.net.http.HttpRequest.newBuilder(gateway.resolve("/api/carts"))
                        .timeout(java.time.Duration.ofSeconds(10))
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> slow)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        long elapsed = millisSince(start);
        org.junit.jupiter.api.Assertions.assertEquals(200, response.statusCode(), response.body());
        org.junit.jupiter.api.Assertions.assertEquals(5000,
                new io.vertx.core.json.JsonObject(response.body()).getInteger("bodyLength").intValue());
        assertTrue(elapsed >= 1000, "the upload took only " + elapsed + " ms");
    }

    @Test
    void readinessFollowsTheServices() {
        awaitReadiness(200, "UP");
        Stubs.down("category");
        try {
            String body = awaitReadiness(503, "DOWN");
            assertTrue(body.contains("\"category\": \"DOWN\"") || body.contains("\"category\":\"DOWN\""), body);
            // Liveness does not depend on the services.
            given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        } finally {
            Stubs.up("category");
        }
        awaitReadiness(200, "UP");
    }

    @Test
    void aFloodOfReadinessProbesIsAnsweredFromCache() {
        awaitReadiness(200, "UP");
        int before = Stubs.stats("catalog").getInt("health");
        long start = System.nanoTime();
        for (int i = 0; i < 30; i++) {
            given().when().get("/q/health/ready").then().statusCode(200);
        }
        long elapsed = millisSince(start);
        int probes = Stubs.stats("catalog").getInt("health") - before;
        // The answer is reused for 500 ms in the tests: at most one probe per started period.
        long periods = elapsed / 500 + 2;
        assertTrue(probes <= periods, probes + " probes in " + elapsed + " ms");
    }

    private static String awaitReadiness(int status, String expected) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        String last = "";
        while (System.nanoTime() < deadline) {
            var response = given().when().get("/q/health/ready");
            last = response.asString();
            if (response.statusCode() == status && response.jsonPath().getString("status").equals(expected)) {
                return last;
            }
            sleep(100);
        }
        throw new AssertionError("readiness never became " + status + " " + expected + ": " + last);
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

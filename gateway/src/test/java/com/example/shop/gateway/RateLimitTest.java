package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Per-client limits on the cart write routes: 429 problem with Retry-After past the limit, the
 * IETF draft's RateLimit headers on every answer of a limited route, clients told apart by the
 * address a trusted proxy forwards.
 */
@QuarkusTest
@TestProfile(RateLimitTest.SmallLimits.class)
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class RateLimitTest {

    public static class SmallLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.rate-limits.create-cart", "3/1m",
                    "gateway.rate-limits.add-line", "5/1m",
                    "gateway.rate-limits.checkout", "2/1h",
                    "gateway.rate-limits.trusted-proxies", "127.0.0.1");
        }
    }

    /** A client of its own for each test: the load generator (127.0.0.1) is a trusted proxy here. */
    private static String newClient() {
        return "198.51.100." + (1 + Math.abs(UUID.randomUUID().hashCode() % 250));
    }

    @Test
    void pastTheLimitAClientGets429WithRetryAfterAndTheServiceSeesNothing() {
        String client = "203.0.113.10";
        for (int i = 3; i >= 1; i--) {
            given().header("X-Forwarded-For", client).post("/api/carts").then().statusCode(200)
                    .header("RateLimit-Policy", equalTo("\"create-cart\";q=3;w=60"))
                    .header("RateLimit", matchesPattern("\"create-cart\";r=" + (i - 1) + ";t=\\d+"));
        }
        int before = Stubs.requests("cart");
        var refused = given().header("X-Forwarded-For", client).post("/api/carts").then().statusCode(429)
                .contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/rate-limited"))
                .body("status", equalTo(429))
                .body("limit", equalTo("create-cart"))
                .header("RateLimit", matchesPattern("\"create-cart\";r=0;t=\\d+"))
                .header("X-Request-Id", matchesPattern(RoutingTest.UUID))
                .extract();
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);
        assertEquals(before, Stubs.requests("cart"), "a refused request never reaches the service");
    }

    @Test
    void eachClientHasItsOwnBucketAndEachRouteItsOwnLimit() {
        String first = "203.0.113.20";
        for (int i = 0; i < 3; i++) {
            given().header("X-Forwarded-For", first).post("/api/carts").then().statusCode(200);
        }
        given().header("X-Forwarded-For", first).post("/api/carts").then().statusCode(429);
        given().header("X-Forwarded-For", "203.0.113.21").post("/api/carts").then().statusCode(200);
        // adding lines is another route with its own limit
        given().header("X-Forwarded-For", first).contentType("application/json").body("{}")
                .post("/api/carts/c1/items").then().statusCode(200)
                .header("RateLimit-Policy", equalTo("\"add-line\";q=5;w=60"));
        // a made-up X-Forwarded-For in front of the real one changes nothing: the right-most hop counts
        given().header("X-Forwarded-For", "6.6.6.6, " + first).post("/api/carts").then().statusCode(429);
    }

    @Test
    void routesThatAreNotLimitedCarryNoHeaders() {
        given().header("X-Forwarded-For", newClient()).get("/api/carts/c1").then().statusCode(200)
                .header("RateLimit", nullValue()).header("RateLimit-Policy", nullValue());
        given().get("/api/products").then().statusCode(200).header("RateLimit", nullValue());
    }

    @Test
    void anAdminTokenIsItsOwnClient() {
        String client = "203.0.113.30";
        for (int i = 0; i < 3; i++) {
            given().header("X-Forwarded-For", client).post("/api/carts").then().statusCode(200);
        }
        given().header("X-Forwarded-For", client).post("/api/carts").then().statusCode(429);
        given().header("X-Forwarded-For", client).auth().oauth2(TestTokens.admin()).post("/api/carts").then().statusCode(200);
    }

    @Test
    void refusalsAreCountedPerRoute() {
        String client = "203.0.113.40";
        for (int i = 0; i < 3; i++) {
            given().header("X-Forwarded-For", client).contentType("application/json").body("{}")
                    .post("/api/carts/c2/checkout").then().statusCode(org.hamcrest.Matchers.oneOf(200, 429));
        }
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("gateway_rate_limited_total{") && l.contains("route=\"checkout\"")), metrics);
    }
}

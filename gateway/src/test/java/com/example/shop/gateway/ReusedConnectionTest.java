package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.common.http.TestHTTPResource;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

/**
 * Pooled keep-alive connections to a service that die under a request: a safe request is sent
 * once more on a new connection, an unsafe one never; and an exchange that is over never breaks
 * the next one on its connection.
 */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class ReusedConnectionTest {

    @TestHTTPResource("/")
    URI gateway;

    @Test
    void aGetLostOnAReusedConnectionIsSentOnceMoreOnANewOne() {
        given().when().get("/api/products").then().statusCode(200);
        int before = Stubs.requests("catalog");
        Stubs.drop("catalog", 1);
        given().when().get("/api/products/sku-1")
                .then().statusCode(200)
                .body("uri", equalTo("/products/sku-1"));
        assertEquals(before + 2, Stubs.requests("catalog"), "the lost request and its one repetition");
    }

    @Test
    void aHeadIsRepeatedLikeAGet() {
        given().when().get("/api/categories").then().statusCode(200);
        int before = Stubs.requests("category");
        Stubs.drop("category", 1);
        given().when().head("/api/categories/jazz").then().statusCode(200);
        assertEquals(before + 2, Stubs.requests("category"));
    }

    /** Lost twice, the service is going away (a stop closes its connections): 503 with Retry-After, as during a restart. */
    @Test
    void aGetIsRepeatedOnlyOnceAndThenIsA503WithRetryAfter() {
        given().when().get("/api/products").then().statusCode(200);
        int before = Stubs.requests("catalog");
        Stubs.drop("catalog", 2);
        try {
            given().when().get("/api/products/sku-1")
                    .then().statusCode(503)
                    .contentType("application/problem+json")
                    .header("Retry-After", "7")
                    .body("type", equalTo("https://problems.shop.example/service-unavailable"))
                    .body("service", equalTo("catalog"));
            assertEquals(before + 2, Stubs.requests("catalog"));
        } finally {
            Stubs.drop("catalog", 0);
        }
    }

    /**
     * A GET lost twice leaves one line that says why, with the request's id in its logging context
     * (the line is written on the service connection's context, which may hold another request's:
     * the connection line hands each exchange's connection, or failure, to the oldest waiting).
     */
    @Test
    void aLostGetIsLoggedWithItsRequestId() throws Exception {
        given().when().get("/api/products").then().statusCode(200);
        Thread.sleep(1100); // at most one line a second: an earlier test's may have just been written
        String id = UUID.randomUUID().toString();
        Stubs.drop("catalog", 2);
        try (LoggedLines lines = LoggedLines.of(ProxyInterceptors.class)) {
            given().header(RequestIds.HEADER, id).when().get("/api/products/sku-1").then().statusCode(503);
            ExtLogRecord line = lines.containing("GET /api/products/sku-1: 503, the catalog service gave no answer");
            assertEquals(id, line.getMdc(RequestIds.MDC_KEY));
        } finally {
            Stubs.drop("catalog", 0);
        }
    }

    @Test
    void aPostLostOnAReusedConnectionIsNeverRepeated() {
        given().when().get("/api/carts/c1").then().statusCode(200);
        int before = Stubs.requests("cart");
        Stubs.drop("cart", 1);
        given().contentType("application/json").body("{\"sku\":\"moanin\",\"qty\":1}")
                .when().post("/api/carts/c1/items")
                .then().statusCode(502)
                .contentType("application/problem+json")
                .body("service", equalTo("cart"));
        assertEquals(before + 1, Stubs.requests("cart"), "an add to cart reaches the service at most once");
        given().when().get("/api/carts/c1").then().statusCode(200);
    }

    @Test
    void aServiceThatAnswersBeforeTheUploadEndsDoesNotBreakTheNextRequestOnItsConnection() throws Exception {
        // Start from one connection to the cart stub, so that the next two requests share it.
        Stubs.down("cart");
        Stubs.up("cart");
        Thread.sleep(200);
        given().when().get("/api/carts/c1").then().statusCode(200);

        // The stub streams the body straight back: its answer starts with the first piece, while
        // the upload goes on for another 300 ms.
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<byte[]> echoed = client.send(HttpRequest.newBuilder(gateway.resolve("/api/carts/c1/items"))
                        .timeout(Duration.ofSeconds(10))
                        .header("X-Stub-Echo-Body", "yes")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new SlowBody(5, 200))).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, echoed.statusCode());
        assertEquals(5000, echoed.body().length);

        // The service's timeout is 800 ms. The next request on that connection is in flight from
        // about 400 ms to 1000 ms after the upload ended: a timer armed for the finished exchange
        // would go off in the middle of it.
        Thread.sleep(400);
        Stubs.slow("cart", 600);
        try {
            given().when().get("/api/carts/c1").then().statusCode(200).body("service", equalTo("cart"));
        } finally {
            Stubs.fast("cart");
        }
    }

    /** {@code pieces} pieces of 1,000 bytes, {@code gapMillis} apart. */
    static final class SlowBody extends InputStream {
        private final int pieces;
        private final long gapMillis;
        private int piece;
        private int left = 1000;

        SlowBody(int pieces, long gapMillis) {
            this.pieces = pieces;
            this.gapMillis = gapMillis;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (left == 0) {
                if (++piece == pieces) {
                    return -1;
                }
                try {
                    Thread.sleep(gapMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                left = 1000;
            }
            int n = Math.min(len, left);
            left -= n;
            return n;
        }
    }
}

package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.LogCapture;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.common.http.TestHTTPResource;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
     * the connection wait queue hands each exchange's connection, or failure, to the oldest waiting).
     */
    @Test
    void aLostGetIsLoggedWithItsRequestId() throws Exception {
        given().when().get("/api/products").then().statusCode(200);
        Thread.sleep(1100); // at most one line a second: an earlier test's may have just been written
        String id = UUID.randomUUID().toString();
        Stubs.drop("catalog", 2);
        try (LogCapture log = LogCapture.of("com.example.shop.gateway.proxy.UpstreamProblems", RequestIds.MDC_KEY)) {
            given().header(RequestIds.HEADER, id).when().get("/api/products/sku-1").then().statusCode(503);
            LogCapture.Line line = log.await(l -> l.message().contains("GET /api/products/sku-1: 503, the catalog service gave no answer"));
            assertEquals(id, line.mdc());
        } finally {
            Stubs.drop("catalog", 0);
        }
    }

    /**
     * A load generator that stops drops its connections with requests in flight (the bench's edge
     * scenario: a 5 s warm-up, then the measured run at once); the gateway resets those requests to
     * the service. The clients that come right after must all be answered: in the edge scenario a
     * few of the first measured reads were 503s with the service up.
     */
    @Test
    void clientsThatComeJustAfterOthersLeftMidRequestAreAllAnswered() throws Exception {
        int clients = 64;
        Stubs.slow("catalog", 20);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            for (int round = 0; round < 5; round++) {
                CountDownLatch sent = new CountDownLatch(clients);
                List<Future<?>> leaving = new ArrayList<>();
                for (int i = 0; i < clients; i++) {
                    leaving.add(pool.submit(() -> leaveMidRequest(sent)));
                }
                for (Future<?> client : leaving) {
                    client.get(10, TimeUnit.SECONDS);
                }
                List<Future<List<Integer>>> coming = new ArrayList<>();
                for (int i = 0; i < clients; i++) {
                    coming.add(pool.submit(() -> statusesOf(10)));
                }
                List<Integer> statuses = new ArrayList<>();
                for (Future<List<Integer>> client : coming) {
                    statuses.addAll(client.get(30, TimeUnit.SECONDS));
                }
                assertEquals(List.of(), statuses.stream().filter(status -> status != 200).toList(), "round " + round);
            }
        } finally {
            Stubs.fast("catalog");
            pool.shutdownNow();
        }
    }

    /** A GET whose client drops its connection (a reset) once the request is out, before the answer. */
    private Void leaveMidRequest(CountDownLatch sent) throws Exception {
        try (Socket socket = new Socket(gateway.getHost(), gateway.getPort())) {
            socket.setSoLinger(true, 0);
            socket.getOutputStream().write(("GET /api/products/sku-1 HTTP/1.1\r\nHost: " + gateway.getHost() + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            sent.countDown();
            sent.await(5, TimeUnit.SECONDS); // every client leaves at about the same moment, like a load generator stopping
            Thread.sleep(5);
        }
        return null;
    }

    /** The statuses of {@code count} GETs, one after the other on one kept-alive connection. */
    private List<Integer> statusesOf(int count) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            statuses.add(client.send(HttpRequest.newBuilder(gateway.resolve("/api/products/sku-1")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
        }
        return statuses;
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

package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the harness's HTTP client puts on the wire, read by a real HTTP server on the loopback interface. */
class ApiTest {

    record Seen(String method, String contentType, String forwardedFor, String body) {
    }

    private HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            seen.add(new Seen(exchange.getRequestMethod(), exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("X-Forwarded-For"), new String(body, StandardCharsets.UTF_8)));
            exchange.getResponseHeaders().add("RateLimit-Policy", "\"create-cart\";q=10;w=60");
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        api = new Api("http://127.0.0.1:" + server.getAddress().getPort(), "token", Duration.ofSeconds(5), 1);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void aBodyIsSentWhateverContentTypeTheCallerSets() {
        api.send("PUT", "/x", "qty=1".getBytes(StandardCharsets.UTF_8), false, Map.of("Content-Type", "application/x-www-form-urlencoded"));
        api.send("POST", "/x", "{\"qty\":1}".getBytes(StandardCharsets.UTF_8), false, Map.of());
        api.send("DELETE", "/x", null, false, Map.of());
        assertEquals(new Seen("PUT", "application/x-www-form-urlencoded", null, "qty=1"), seen.get(0));
        assertEquals(new Seen("POST", "application/json", null, "{\"qty\":1}"), seen.get(1));
        assertEquals(new Seen("DELETE", null, null, ""), seen.get(2));
    }

    @Test
    void aSimulatedClientPresentsItsAddressAndAFreshClientANewOneEachTime() {
        api.asClient("198.18.0.7").post("/x", null);
        Api.Response r = api.asNewClientEachRequest().post("/x", null);
        api.asNewClientEachRequest().post("/x", null);
        assertEquals("198.18.0.7", seen.get(0).forwardedFor());
        assertTrue(seen.get(1).forwardedFor().startsWith("198.1"), seen.get(1).forwardedFor());
        assertNotEquals(seen.get(1).forwardedFor(), seen.get(2).forwardedFor());
        assertEquals("\"create-cart\";q=10;w=60", r.header("RateLimit-Policy"));
    }

    @Test
    void clientAddressesStayInTheBenchmarkRange() {
        for (int i = 0; i < 140_000; i++) { // more than the range holds: it wraps
            String a = ClientAddresses.next();
            assertTrue(a.matches("198\\.(18|19)\\.\\d{1,3}\\.\\d{1,3}"), a);
        }
    }

    @Test
    void aRequestWithoutAnAnswerIsCountedByItsKind() throws Exception {
        HttpServer slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        slow.createContext("/", exchange -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        slow.start();
        try {
            Api impatient = new Api("http://127.0.0.1:" + slow.getAddress().getPort(), "token", Duration.ofMillis(200), 1);
            Api.Response timedOut = impatient.get("/x");
            assertEquals(List.of(-1, "timeout"), List.of(timedOut.status(), timedOut.errorKind()));
        } finally {
            slow.stop(0);
        }
        int closedPort = server.getAddress().getPort();
        server.stop(0);
        Api.Response refused = new Api("http://127.0.0.1:" + closedPort, "token", Duration.ofSeconds(5), 1).get("/x");
        assertEquals(List.of(-1, "refused"), List.of(refused.status(), refused.errorKind()));

        Api.Response noFile = api.sendFile("POST", "/x", java.nio.file.Path.of("no-such-file.ndjson"), "application/x-ndjson");
        assertEquals(List.of(-2, "no-file"), List.of(noFile.status(), noFile.errorKind()));
        Api.Response badHeader = api.send("GET", "/x", null, false, Map.of("X-Bad", "line\nbreak"));
        assertEquals(List.of(-2, "client-refused"), List.of(badHeader.status(), badHeader.errorKind()));
        assertTrue(seen.isEmpty(), "neither of the last two left the client");
    }
}

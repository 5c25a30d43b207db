package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The holder top-up and the curve's stop at a holder cap, against a stand-in cart service on the
 * loopback interface that refuses holders past {@link #CAP} as the first model did (409 too-many-holders).
 */
class HolderCurveTest {

    static final int CAP = 30;

    private HttpServer server;
    private final AtomicInteger holders = new AtomicInteger();
    private final AtomicInteger carts = new AtomicInteger();
    private Api api;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", this::answer);
        server.start();
        api = new Api("http://127.0.0.1:" + server.getAddress().getPort(), "token", Duration.ofSeconds(5), 2);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        x.getRequestBody().readAllBytes();
        if (path.equals("/carts")) {
            send(x, 201, "{\"id\":\"cart-" + carts.incrementAndGet() + "\"}");
        } else if (path.endsWith("/items")) {
            synchronized (holders) {
                if (holders.get() >= CAP) {
                    send(x, 409, "{\"type\":\"https://problems.shop.example/too-many-holders\",\"detail\":\"at most " + CAP + " holders\"}");
                    return;
                }
                holders.incrementAndGet();
            }
            send(x, 200, "{}");
        } else if (path.startsWith("/admin/inventory/")) {
            send(x, 200, "{\"available\":1000,\"reserved\":" + holders.get() + ",\"sold\":0,\"stocked\":1000,\"holders\":" + holders.get() + "}");
        } else {
            send(x, 404, "{}");
        }
    }

    private static void send(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", status >= 400 ? "application/problem+json" : "application/json");
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }

    @Test
    void aTopUpMakesExactlyTheHoldersMissing() throws Exception {
        HolderFill.Outcome o = HolderFill.topUp(api, "", "sku-1", 17, 4, Duration.ofSeconds(20));
        assertEquals(17, o.made());
        assertEquals(17, holders.get());
        assertNull(o.capped());
        assertFalse(o.timedOut());
    }

    @Test
    void aTopUpStopsAtTheHolderCapAndTheCurveGoesNoHigher() throws Exception {
        Args args = new Args(new String[] {"--fill-threads", "4", "--fill-max-seconds", "20", "--seconds", "1", "--shoppers", "2"}, 0);
        HolderCurve.Phase p = HolderCurve.phase(args, api, "sku-1", 50);
        assertFalse(p.measured());
        assertTrue(p.capped().contains("at most " + CAP), p.capped());
        assertEquals(CAP, p.holdersEnd());
        String result = HolderCurve.result(List.of(p));
        assertTrue(result.endsWith(" capped_holders=" + CAP + " capped_level=50"), result);
    }
}

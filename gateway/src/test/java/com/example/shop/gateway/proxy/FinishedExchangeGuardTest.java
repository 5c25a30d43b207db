package com.example.shop.gateway.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.PoolOptions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A reset of an exchange whose answer has been read completely must not break the next request,
 * which by then may run on the same pooled connection. With one connection in the pool, the
 * second request is certain to share it.
 */
class FinishedExchangeGuardTest {

    private Vertx vertx;
    private HttpServer server;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer().requestHandler(request -> {
            long delay = request.path().equals("/slow") ? 300 : 0;
            vertx.setTimer(Math.max(1, delay), t -> request.response().end("answer to " + request.path()));
        });
        server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true), new PoolOptions().setHttp1MaxSize(1));
    }

    @AfterEach
    void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void aGuardedFinishedExchangeIsNotResetUnderTheNextRequest() throws Exception {
        assertEquals("answer to /slow", secondRequestAfterResettingTheFirst(true));
    }

    @Test
    void withoutTheGuardTheResetClosesTheConnectionUnderTheNextRequest() throws Exception {
        String second = secondRequestAfterResettingTheFirst(false);
        assertTrue(second.startsWith("failed"), "the unguarded reset should have broken the second request: " + second);
    }

    /** Reads the first answer completely, starts the second request on the pool, then resets the first. */
    private String secondRequestAfterResettingTheFirst(boolean guarded) throws Exception {
        HttpClientRequest first = open("/fast");
        HttpClientRequest held = guarded ? FinishedExchangeGuard.guard(first) : first;
        String firstAnswer = first.send().compose(HttpClientResponse::body).map(Buffer::toString)
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertEquals("answer to /fast", firstAnswer);

        Future<String> second = client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/slow")
                .compose(HttpClientRequest::send).compose(HttpClientResponse::body).map(Buffer::toString);
        Thread.sleep(100); // the second request is on the connection now, its answer 200 ms away
        vertx.runOnContext(v -> held.reset(0, new IllegalStateException("the client went away")));
        return second.otherwise(failure -> "failed: " + failure)
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private HttpClientRequest open(String path) throws Exception {
        return client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", path)
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}

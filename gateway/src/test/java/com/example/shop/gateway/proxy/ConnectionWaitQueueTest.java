package com.example.shop.gateway.proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import java.net.ConnectException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wait queue hands the pool's answers to the exchanges oldest first, whichever exchange asked. Here the
 * pool's answers are promises the test completes in the order it chooses, with real requests on real
 * connections to a local server.
 */
class ConnectionWaitQueueTest {

    /** Long enough that an exchange left waiting it out cannot pass for one that was answered. */
    private static final long WAIT_MILLIS = 5_000;

    private Vertx vertx;
    private HttpServer server;
    private HttpClient client;
    private final Queue<Promise<HttpClientRequest>> asked = new ArrayDeque<>();

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer().requestHandler(request -> request.response().end("ok"))
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        client = vertx.createHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        client.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private ConnectionWaitQueue queue() {
        return new ConnectionWaitQueue(vertx, () -> {
            Promise<HttpClientRequest> answer = Promise.promise();
            asked.add(answer);
            return answer.future();
        }, "catalog", WAIT_MILLIS, 16);
    }

    private HttpClientRequest realRequest() throws Exception {
        return client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** The outcome of {@code next}, to wait for. */
    private static CompletableFuture<HttpClientRequest> outcome(Future<HttpClientRequest> next) {
        return next.toCompletionStage().toCompletableFuture();
    }

    @Test
    void aConnectionThatCouldNotBeHadFailsTheOldestExchangeStillWaitingNotOneAlreadyServed() throws Exception {
        ConnectionWaitQueue queue = queue();
        Future<HttpClientRequest> first = queue.next(() -> false);
        Future<HttpClientRequest> second = queue.next(() -> false);
        Promise<HttpClientRequest> askedForFirst = asked.poll();
        Promise<HttpClientRequest> askedForSecond = asked.poll();

        // the second exchange's connection comes first: it goes to the oldest, the first
        HttpClientRequest connection = realRequest();
        askedForSecond.complete(connection);
        assertSame(connection, outcome(first).get(2, TimeUnit.SECONDS));
        // then the connection asked for the first could not be had: the second, still waiting, learns it now
        askedForFirst.fail(new ConnectException("Connection refused"));
        long began = System.nanoTime();
        CompletableFuture<HttpClientRequest> secondOutcome = outcome(second);
        Throwable failure = null;
        try {
            secondOutcome.get(WAIT_MILLIS * 2, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            failure = e.getCause();
        }
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        assertTrue(failure instanceof ConnectException && !(failure instanceof ConnectionWaitQueue.Busy),
                "the second exchange gets the pool's failure, not a wait that ran out: " + failure);
        assertTrue(waitedMillis < WAIT_MILLIS / 2, "the second exchange waited " + waitedMillis + " ms");
        connection.reset();
    }

    @Test
    void aConnectionForAnExchangeThatStoppedWaitingGoesToTheNextOne() throws Exception {
        ConnectionWaitQueue queue = queue();
        boolean[] left = {false};
        Future<HttpClientRequest> gone = queue.next(() -> left[0]);
        Future<HttpClientRequest> waiting = queue.next(() -> false);
        Promise<HttpClientRequest> askedForGone = asked.poll();
        left[0] = true;

        HttpClientRequest connection = realRequest();
        askedForGone.complete(connection);
        assertSame(connection, outcome(waiting).get(2, TimeUnit.SECONDS));
        assertTrue(gone.failed(), "the exchange whose client left is passed over");
        assertFalse(gone.failed() && gone.cause() instanceof ConnectionWaitQueue.Busy, "passed over, not timed out");
        connection.reset();
    }

    @Test
    void aConnectionThatClosedAsItWasLeasedIsAskedForAgain() throws Exception {
        ConnectionWaitQueue queue = queue();
        Future<HttpClientRequest> waiting = queue.next(() -> false);
        asked.poll().fail(new HttpClosedException("Connection was closed"));
        Promise<HttpClientRequest> askedAgain = asked.poll();
        assertNotNull(askedAgain, "the pool is asked again");
        assertFalse(waiting.isComplete(), "the exchange still waits");
        HttpClientRequest connection = realRequest();
        askedAgain.complete(connection);
        assertSame(connection, outcome(waiting).get(2, TimeUnit.SECONDS));
        connection.reset();
    }

    @Test
    void aServiceThatCannotBeReachedIsNotAskedForAgain() {
        ConnectionWaitQueue queue = queue();
        Future<HttpClientRequest> waiting = queue.next(() -> false);
        asked.poll().fail(new ConnectException("Connection refused"));
        assertTrue(asked.isEmpty(), "one ask");
        assertTrue(waiting.failed() && waiting.cause() instanceof ConnectException);
    }
}

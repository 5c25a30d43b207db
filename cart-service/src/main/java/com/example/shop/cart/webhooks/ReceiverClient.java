package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.InetAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The requests to receivers, on Vert.x's HTTP client: a POST to the address {@link ReceiverAddresses}
 * checked (the URL's host still names it, for {@code Host} and TLS), never following a redirect, cut
 * off after {@code cart.webhooks.timeout} whatever the receiver does. The body of the answer is read
 * and dropped.
 */
@ApplicationScoped
public class ReceiverClient {

    /** What one request met: the status (null when none came), how long it took, and what went wrong (null on an answer). */
    record Outcome(Integer status, long latencyMillis, String error) {
        boolean succeeded() {
            return status != null && status >= 200 && status < 300;
        }
    }

    private static final int MAX_ERROR = 200;

    private final Vertx vertx;
    private final HttpClient client;
    private final long timeoutMillis;

    ReceiverClient(Vertx vertx, CartConfig config) {
        this.vertx = vertx;
        this.timeoutMillis = config.webhooks().timeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) timeoutMillis)
                // the sender bounds requests per subscription; several subscriptions may share a receiver's address
                .setMaxPoolSize(16 * config.webhooks().concurrencyPerEndpoint()).setKeepAlive(true).setMaxRedirects(0));
    }

    void onStop(@Observes ShutdownEvent event) {
        client.close();
    }

    /** POSTs {@code body} to {@code url} at {@code address}; completes with the outcome, never exceptionally. */
    CompletionStage<Outcome> post(URI url, InetAddress address, Map<String, String> headers, String body) {
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        long started = System.nanoTime();
        AtomicBoolean done = new AtomicBoolean();
        int port = url.getPort() > 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(url.toString())
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress())).setFollowRedirects(false)
                .setIdleTimeout(timeoutMillis);
        headers.forEach(options::putHeader);
        long timer = vertx.setTimer(timeoutMillis, id -> finish(outcome, done, new Outcome(null, millisSince(started),
                "timed out after " + timeoutMillis + " ms")));
        client.request(options)
                .compose(request -> request.send(Buffer.buffer(body)))
                .compose(response -> readToEnd(response).map(ignored -> response.statusCode()))
                .onComplete(result -> {
                    vertx.cancelTimer(timer);
                    finish(outcome, done, result.succeeded() ? new Outcome(result.result(), millisSince(started), null)
                            : new Outcome(null, millisSince(started), describe(result.cause())));
                });
        return outcome;
    }

    /**
     * The answer read to its end and dropped. Vert.x's {@code end()} throws when the answer has been
     * read to its end already, which a short one often has (eclipse-vertx/vert.x#5614): that is its end
     * too. Taken for a failure, it had a delivered event sent again.
     */
    static Future<Void> readToEnd(HttpClientResponse response) {
        try {
            return response.end();
        } catch (IllegalStateException endedAlready) {
            return Future.succeededFuture();
        }
    }

    private static void finish(CompletableFuture<Outcome> outcome, AtomicBoolean done, Outcome value) {
        if (done.compareAndSet(false, true)) {
            outcome.complete(value);
        }
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }

    private static String describe(Throwable error) {
        String text = error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage());
        return text.length() > MAX_ERROR ? text.substring(0, MAX_ERROR) : text;
    }
}

package com.example.shop.cart.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An answer read to its end before the sender asks for its end is an answer, not a failure: Vert.x's
 * {@code end()} throws then (eclipse-vertx/vert.x#5614), which had a delivered event recorded as a
 * failed attempt and sent again. Here the answer is read to its end first, on purpose.
 */
class ReceiverClientTest {

    @Test
    void anAnswerReadToItsEndAlreadyHasEnded() throws Exception {
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        Vertx vertx = Vertx.vertx();
        try {
            HttpClient client = vertx.createHttpClient();
            CompletableFuture<HttpClientResponse> ended = new CompletableFuture<>();
            client.request(new RequestOptions().setMethod(HttpMethod.POST).setHost("127.0.0.1")
                            .setPort(receiver.getAddress().getPort()).setURI("/"))
                    .compose(request -> request.send("{}"))
                    .onSuccess(response -> response.body().onComplete(body -> ended.complete(response)))
                    .onFailure(ended::completeExceptionally);
            HttpClientResponse response = ended.get(10, TimeUnit.SECONDS);
            assertEquals(204, response.statusCode());
            assertThrows(IllegalStateException.class, response::end, "Vert.x still refuses end() on an ended answer");

            CompletableFuture<Void> read = new CompletableFuture<>();
            ReceiverClient.readToEnd(response).onComplete(result -> {
                if (result.succeeded()) {
                    read.complete(null);
                } else {
                    read.completeExceptionally(result.cause());
                }
            });
            read.get(10, TimeUnit.SECONDS);
            assertTrue(read.isDone() && !read.isCompletedExceptionally());
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            receiver.stop(0);
        }
    }
}

package com.example.shop.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A webhook receiver on 127.0.0.1 that answers 204, at once or after {@code answerAfter}, and keeps every request it got: its
 * {@code webhook-id}, its body and when it arrived. {@link #down} closes the port (the sender meets
 * refused connections) and {@link #up} opens the same port again.
 */
final class WebhookReceiver implements AutoCloseable {

    /** One request as it arrived; {@code arrivedMillis} is the wall clock, to compare with the payload's timestamp. */
    record Request(String webhookId, String body, long arrivedMillis) {
    }

    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private final ExecutorService threads = Executors.newFixedThreadPool(16);
    private final int port;
    private final long answerAfterMillis;
    private HttpServer server;

    WebhookReceiver() throws IOException {
        this(0);
    }

    /** A receiver that takes {@code answerAfterMillis} to answer: requests stay in flight, for a kill to meet. */
    WebhookReceiver(long answerAfterMillis) throws IOException {
        this.answerAfterMillis = answerAfterMillis;
        server = listen(0);
        port = server.getAddress().getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port + "/webhooks";
    }

    private HttpServer listen(int on) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", on), 256);
        http.createContext("/webhooks", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                requests.add(new Request(exchange.getRequestHeaders().getFirst("webhook-id"), body, System.currentTimeMillis()));
                if (answerAfterMillis > 0) {
                    try {
                        Thread.sleep(answerAfterMillis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                exchange.sendResponseHeaders(204, -1);
            } finally {
                exchange.close();
            }
        });
        http.setExecutor(threads);
        http.start();
        return http;
    }

    synchronized void down() {
        server.stop(0);
    }

    /** Opens the port again; a port still held by the closed listener is tried again for a few seconds. */
    synchronized void up() throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                server = listen(port);
                return;
            } catch (BindException e) {
                if (attempt == 50) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** Every request so far, in arrival order. */
    List<Request> received() {
        return new ArrayList<>(requests);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

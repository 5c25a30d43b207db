package com.example.shop.cart.support;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A webhook receiver on 127.0.0.1, port 0: it records every request (headers, body) and answers as
 * the test set it: {@link #answer} a status (after {@link #failFirst} failures), {@link #redirectTo}
 * a 302, or {@link #hold} each request until the test releases them.
 */
public final class Receiver implements AutoCloseable {

    /** One request as it arrived, and when ({@link System#nanoTime}). */
    public record Request(Headers headers, String body, long arrivedNanos) {
        public String header(String name) {
            return headers.getFirst(name);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile int status = 204;
    private final AtomicInteger failuresLeft = new AtomicInteger();
    private volatile String redirect;
    private volatile CountDownLatch held;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();

    public Receiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Its URL, with {@code path}. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public Receiver answer(int status) {
        this.status = status;
        return this;
    }

    /** The next {@code count} requests are answered 500. */
    public Receiver failFirst(int count) {
        failuresLeft.set(count);
        return this;
    }

    public Receiver redirectTo(String location) {
        this.redirect = location;
        return this;
    }

    /** Requests wait until {@link #release}. */
    public Receiver hold() {
        held = new CountDownLatch(1);
        return this;
    }

    public void release() {
        CountDownLatch latch = held;
        held = null;
        if (latch != null) {
            latch.countDown();
        }
    }

    /** The most requests that were in progress at once. */
    public int mostInFlight() {
        return mostInFlight.get();
    }

    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    /** The requests whose body contains {@code text}. */
    public List<Request> requestsWith(String text) {
        return requests.stream().filter(request -> request.body().contains(text)).toList();
    }

    /** Waits (at most {@code within}) until {@code count} requests match; returns those that do. */
    public List<Request> await(Predicate<Request> matching, int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            List<Request> found = requests.stream().filter(matching).toList();
            if (found.size() >= count || System.nanoTime() > deadline) {
                return found;
            }
            Thread.sleep(20);
        }
    }

    /**
     * Waits (at most {@code within}) until the matching requests carry {@code count} distinct
     * {@code webhook-id}s; returns them by id, each with its requests in order of arrival (more than
     * one when a delivery was sent again).
     */
    public Map<String, List<Request>> awaitDistinct(Predicate<Request> matching, int count, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Map<String, List<Request>> byId = new LinkedHashMap<>();
            for (Request request : requests) {
                if (matching.test(request)) {
                    byId.computeIfAbsent(request.header("webhook-id"), id -> new ArrayList<>()).add(request);
                }
            }
            if (byId.size() >= count || System.nanoTime() > deadline) {
                return byId;
            }
            Thread.sleep(20);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        mostInFlight.accumulateAndGet(now, Math::max);
        try {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Request(exchange.getRequestHeaders(), body, System.nanoTime()));
            CountDownLatch latch = held;
            if (latch != null) {
                try {
                    latch.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (redirect != null) {
                exchange.getResponseHeaders().add("Location", redirect);
                exchange.sendResponseHeaders(302, -1);
            } else if (failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                exchange.sendResponseHeaders(500, -1);
            } else {
                exchange.sendResponseHeaders(status, -1);
            }
        } catch (IOException e) {
            // the sender hung up (its timeout): nothing to answer
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }

    /** The headers of a request as a plain map, for a verifier. */
    public static Map<String, List<String>> headersOf(Request request) {
        return request.headers();
    }
}

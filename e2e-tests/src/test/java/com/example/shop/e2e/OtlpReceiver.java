package com.example.shop.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * A trace collector in the test's JVM: an OTLP/HTTP receiver ({@code POST /v1/traces},
 * protobuf) that keeps every span the platform's processes export, in memory. The platform is
 * started with {@code QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT} pointing here and
 * {@code QUARKUS_OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf}: the gateway, the services and their
 * MongoDB commands export exactly as they would to a real collector.
 */
final class OtlpReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<OtlpSpans.Span> spans = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();

    OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/traces", this::receive);
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "otlp-receiver");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    /** The environment that makes the platform export its traces here, soon after each request. */
    java.util.Map<String, String> exportEnvironment() {
        return java.util.Map.of(
                "QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + server.getAddress().getPort(),
                "QUARKUS_OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf",
                // the batch goes out a fifth of a second after a span ends, not five seconds
                "QUARKUS_OTEL_BSP_SCHEDULE_DELAY", "200ms");
    }

    private void receive(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            InputStream body = exchange.getRequestBody();
            if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                body = new GZIPInputStream(body);
            }
            try {
                spans.addAll(OtlpSpans.parse(body.readAllBytes()));
            } catch (RuntimeException unreadable) {
                // said by the test's failure, not only by a warning in the exporting process's log
                failures.add(unreadable.toString());
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            // An empty ExportTraceServiceResponse: everything accepted.
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
        }
    }

    /** The spans of one trace received so far. */
    List<OtlpSpans.Span> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    /**
     * The spans of a trace once {@code complete} holds for them and no more arrived for half a second
     * (the processes export on their own schedules); fails after 20 s with what came.
     */
    List<OtlpSpans.Span> awaitTrace(String traceId, Predicate<List<OtlpSpans.Span>> complete) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int seen = -1;
        while (System.nanoTime() < end) {
            List<OtlpSpans.Span> now = trace(traceId);
            if (complete.test(now) && now.size() == seen) {
                return now;
            }
            seen = now.size();
            Thread.sleep(500);
        }
        throw new AssertionError("trace " + traceId + " incomplete after 20 s: " + trace(traceId) + "; "
                + spans.size() + " spans received in all; unreadable requests: " + failures);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/** A small blocking HTTP client over java.net.http (HTTP/1.1, pooled keep-alive connections). */
final class Api {

    static final ObjectMapper JSON = new ObjectMapper();

    record Response(int status, String body, long nanos, String errorKind, String contentType, java.net.http.HttpHeaders headers) {

        Response(int status, String body, long nanos, String errorKind) {
            this(status, body, nanos, errorKind, null, null);
        }

        /** A header of the answer, or null. */
        String header(String name) {
            return headers == null ? null : headers.firstValue(name).orElse(null);
        }

        boolean ok() {
            return status >= 200 && status < 300;
        }

        JsonNode json() {
            try {
                return JSON.readTree(body == null ? "null" : body);
            } catch (IOException e) {
                return JSON.nullNode();
            }
        }

        /** The slug of a problem answer ({@code insufficient-inventory} of {@code https://problems.shop.example/insufficient-inventory}), or "". */
        String problem() {
            if (ok() || body == null || !body.startsWith("{")) {
                return "";
            }
            String type = json().path("type").asText("");
            return type.substring(type.lastIndexOf('/') + 1);
        }

        /** {@code Retry-After} in seconds (a 429's wait), or {@code fallback} when absent or not a number. */
        long retryAfterSeconds(long fallback) {
            String value = header("Retry-After");
            try {
                return value == null ? fallback : Math.max(0, Long.parseLong(value.trim()));
            } catch (NumberFormatException e) {
                return fallback;
            }
        }
    }

    final String base;
    final String token;
    final Duration timeout;
    private final HttpClient client;
    /** The {@code X-Forwarded-For} of every request ({@link ClientAddresses}), or null to send none. */
    private final Supplier<String> forwardedFor;

    Api(String base, String token, Duration timeout, int ioThreads) {
        this(base, token, timeout, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(3))
                .executor(Executors.newFixedThreadPool(ioThreads, r -> {
                    Thread t = new Thread(r, "http-io");
                    t.setDaemon(true);
                    return t;
                }))
                .build(), null);
    }

    private Api(String base, String token, Duration timeout, HttpClient client, Supplier<String> forwardedFor) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.token = token;
        this.timeout = timeout;
        this.client = client;
        this.forwardedFor = forwardedFor;
    }

    Api withBase(String otherBase) {
        return new Api(otherBase, token, timeout, 2);
    }

    /**
     * The same client (and connections) presenting itself as the client at {@code address}: every
     * request carries it as {@code X-Forwarded-For}, which the gateway believes from a trusted proxy
     * (the bench starts its platforms with the load generator as one). One simulated client each.
     */
    Api asClient(String address) {
        return new Api(base, token, timeout, client, () -> address);
    }

    /** The same client, every request from a new address: for requests whose client does not matter (fixtures, probes). */
    Api asNewClientEachRequest() {
        return new Api(base, token, timeout, client, ClientAddresses::next);
    }

    Response get(String path) {
        return send("GET", path, null, false, Map.of());
    }

    Response post(String path, String json) {
        return send("POST", path, json == null ? null : json.getBytes(StandardCharsets.UTF_8), false, Map.of());
    }

    Response admin(String method, String path, String json) {
        return send(method, path, json == null ? null : json.getBytes(StandardCharsets.UTF_8), true, Map.of());
    }

    Response send(String method, String path, String json) {
        return send(method, path, json == null ? null : json.getBytes(StandardCharsets.UTF_8), false, Map.of());
    }

    /** Any request; {@code path} is appended to the base as it is (it may hold raw query strings). */
    Response send(String method, String path, byte[] body, boolean asAdmin, Map<String, String> headers) {
        long start = System.nanoTime();
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout);
            if (body != null) {
                // JSON unless the caller says otherwise (a hostile request may send any type)
                if (!headers.containsKey("Content-Type")) {
                    b.header("Content-Type", "application/json");
                }
                b.method(method, HttpRequest.BodyPublishers.ofByteArray(body));
            } else {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            }
            if (asAdmin && token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            if (forwardedFor != null) {
                b.header("X-Forwarded-For", forwardedFor.get());
            }
            headers.forEach(b::setHeader);
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return answered(r, r.body(), start);
        } catch (IOException | InterruptedException | IllegalArgumentException e) {
            return failed(e, start);
        }
    }

    /**
     * {@code file} as the body, streamed from disk (an import file may be hundreds of megabytes), with
     * its {@code contentType} and the admin token, within this client's time limit (give it one long
     * enough for the server to read the whole file).
     */
    Response sendFile(String method, String path, java.nio.file.Path file, String contentType) {
        long start = System.nanoTime();
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout)
                    .header("Content-Type", contentType)
                    .method(method, HttpRequest.BodyPublishers.ofFile(file));
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return answered(r, r.body(), start);
        } catch (IOException | InterruptedException e) {
            return failed(e, start);
        }
    }

    /**
     * A GET whose body is handed to {@code reader} as it arrives (an export streams); returns the status
     * and headers (the time limit covers the wait for the headers, not the body).
     */
    Response stream(String path, boolean asAdmin, BodyReader reader) {
        long start = System.nanoTime();
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout).GET();
            if (asAdmin && token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            HttpResponse<java.io.InputStream> r = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (java.io.InputStream in = r.body()) {
                if (r.statusCode() >= 200 && r.statusCode() < 300) {
                    reader.read(in);
                    return answered(r, null, start);
                }
                return answered(r, new String(in.readAllBytes(), StandardCharsets.UTF_8), start);
            }
        } catch (IOException | InterruptedException e) {
            return failed(e, start);
        }
    }

    private static Response answered(HttpResponse<?> r, String body, long start) {
        return new Response(r.statusCode(), body, System.nanoTime() - start, null,
                r.headers().firstValue("Content-Type").orElse(null), r.headers());
    }

    /**
     * A request that got no answer, as its kind: -1 when the server or the network failed it
     * ({@code connect-timeout}, {@code timeout}, {@code refused}, {@code io}, {@code interrupted}), -2
     * when the request never left this client ({@code no-file}, {@code client-refused}: a URI or a
     * header Java's client will not send, as a hostile request may be).
     */
    private static Response failed(Exception e, long start) {
        long nanos = System.nanoTime() - start;
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return new Response(-1, null, nanos, "interrupted");
        }
        if (e instanceof HttpConnectTimeoutException) {
            return new Response(-1, null, nanos, "connect-timeout");
        }
        if (e instanceof HttpTimeoutException) {
            return new Response(-1, null, nanos, "timeout");
        }
        if (e instanceof ConnectException) {
            return new Response(-1, null, nanos, "refused");
        }
        if (e instanceof java.io.FileNotFoundException) {
            return new Response(-2, e.getMessage(), nanos, "no-file");
        }
        if (e instanceof IllegalArgumentException) {
            return new Response(-2, e.getMessage(), nanos, "client-refused");
        }
        return new Response(-1, String.valueOf(e), nanos, "io");
    }

    /** Reads a streamed body. */
    interface BodyReader {
        void read(java.io.InputStream in) throws IOException;
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

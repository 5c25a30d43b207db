package com.example.shop.gateway;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Three stub services (catalog, category, cart) on free ports, plus a control server the tests
 * use to switch a stub down (its port closed), slow, or back to normal and to read its counters.
 * Control is over HTTP so tests and the resource share no classes or static state.
 *
 * <p>A stub answers {@code /q/health/ready} and {@code /q/openapi}; any other request is echoed
 * as JSON (service, method, uri, headers, body length and SHA-256, counted as the body streams in,
 * never held), or, with {@code X-Stub-Echo-Body}, its body is streamed straight back (the answer
 * starts before the upload ends). {@code X-Stub-Stall-After: <bytes>} with {@code X-Stub-Stall-Ms}
 * makes it stop reading the body for that long once that much has arrived (a service busy writing
 * its spool file). {@code GET .../export?bytes=N&pauseMs=M} streams at least N bytes of NDJSON
 * lines {@code {"sku":"sku-00000000","qty":0}} (qty = line number % 100), pausing M ms halfway,
 * at the pace the reader takes them. A stub told to drop requests closes the connection of each
 * one instead of answering it; one told to hold them keeps each unanswered until it is released.
 */
public class StubUpstreams implements QuarkusTestResourceLifecycleManager {

    private Vertx vertx;
    private final Map<String, Stub> stubs = new LinkedHashMap<>();
    private HttpServer control;

    /** A held request and its connection's context (the resource's own Context type shadows Vert.x's name). */
    private record Held(HttpServerRequest request, io.vertx.core.Context context) {
    }

    final class Stub {
        final String name;
        int port;
        HttpServer server;
        volatile long delayMillis;
        final AtomicInteger dropping = new AtomicInteger();
        /** null: answer normally; "bare": a plain-text 503, as a service shutting down gives; "problem": a 503 problem of its own. */
        volatile String unavailable;
        final AtomicInteger requests = new AtomicInteger();
        /** Requests whose body arrived complete (a body cut off by the gateway is not counted). */
        final AtomicInteger bodies = new AtomicInteger();
        final AtomicInteger options = new AtomicInteger();
        final AtomicInteger health = new AtomicInteger();
        /** Which version of its API document the stub serves ({@link #document}). */
        final AtomicInteger documentVersion = new AtomicInteger();
        /** While holding, the requests (but probes and documents) kept unanswered until {@link #release}. */
        private boolean holding;
        private final List<Held> held = new ArrayList<>();

        Stub(String name) {
            this.name = name;
        }

        void start() throws Exception {
            server = vertx.createHttpServer().requestHandler(this::handle);
            server.listen(port, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            port = server.actualPort();
        }

        void stop() throws Exception {
            if (server != null) {
                server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                server = null;
            }
        }

        private void handle(HttpServerRequest request) {
            if (request.path().equals("/q/health/ready")) {
                health.incrementAndGet();
            } else {
                requests.incrementAndGet();
                if (request.method().name().equals("OPTIONS")) {
                    options.incrementAndGet();
                }
            }
            if (!request.path().equals("/q/health/ready") && dropping.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                request.connection().close();
                return;
            }
            if (!request.path().startsWith("/q/") && held(request)) {
                return;
            }
            long delay = delayMillis;
            if (delay > 0) {
                request.pause();
                vertx.setTimer(delay, t -> {
                    request.resume();
                    answer(request);
                });
            } else {
                answer(request);
            }
        }

        private synchronized boolean held(HttpServerRequest request) {
            if (holding) {
                request.pause();
                held.add(new Held(request, Vertx.currentContext()));
            }
            return holding;
        }

        synchronized void hold() {
            holding = true;
        }

        /**
         * Answers every held request (one whose connection the gateway closed meanwhile answers
         * nobody), each on its own connection's context, as a timer of {@link #delayMillis} would.
         */
        void release() {
            List<Held> go;
            synchronized (this) {
                holding = false;
                go = new ArrayList<>(held);
                held.clear();
            }
            go.forEach(one -> one.context().runOnContext(v -> {
                one.request().resume();
                answer(one.request());
            }));
        }

        private void answer(HttpServerRequest request) {
            request.response().exceptionHandler(e -> { });
            if (request.path().equals("/q/health/ready")) {
                request.response().putHeader("Content-Type", "application/json").end("{\"status\":\"UP\"}");
                return;
            }
            if (request.path().equals("/q/openapi") && "json".equals(request.getParam("format"))) {
                request.response().putHeader("Content-Type", "application/json;charset=UTF-8")
                        .end(document(name, documentVersion.get()).encodePrettily());
                return;
            }
            if (request.path().equals("/q/openapi")) {
                request.response().putHeader("Content-Type", "application/yaml;charset=UTF-8")
                        .end("openapi: 3.0.3\ninfo:\n  title: " + name + "-service API\n  version: 1.0.0\npaths: {}\n");
                return;
            }
            if (unavailable != null) {
                boolean problem = unavailable.equals("problem");
                request.response().setStatusCode(503)
                        .putHeader("Content-Type", problem ? "application/problem+json" : "text/plain")
                        .end(problem ? "{\"type\":\"https://problems.shop.example/service-unavailable\",\"title\":\"Service unavailable\","
                                + "\"status\":503,\"detail\":\"MongoDB cannot be reached\",\"dependency\":\"mongodb\"}"
                                : "Service Unavailable");
                return;
            }
            if (request.getHeader("X-Request-Id") != null) {
                // Like a service that echoes the id: the gateway must not send it twice.
                request.response().putHeader("X-Request-Id", request.getHeader("X-Request-Id"));
            }
            if (request.getHeader("X-Stub-Location") != null) {
                // Like a service naming a resource of its own, on its own address or on the Host it was sent.
                request.response().putHeader("Location", request.getHeader("X-Stub-Location")
                        .replace("{host}", request.getHeader("Host")).replace("{self}", "127.0.0.1:" + port));
            }
            if (request.getHeader("X-Stub-Cache-Control") != null) {
                request.response().putHeader("Cache-Control", request.getHeader("X-Stub-Cache-Control"));
            }
            if (request.getHeader("X-Stub-Echo-Body") != null) {
                request.response().setChunked(true)
                        .putHeader("Content-Type", "application/octet-stream")
                        .putHeader("X-Stub-Service", name);
                request.pipeTo(request.response());
                return;
            }
            if (request.method().name().equals("GET") && request.path().endsWith("/export") && request.getParam("bytes") != null) {
                export(request, Long.parseLong(request.getParam("bytes")),
                        Long.parseLong(java.util.Objects.requireNonNullElse(request.getParam("pauseMs"), "0")));
                return;
            }
            MessageDigest sha = sha256();
            long[] length = {0};
            long stallAfter = Long.parseLong(java.util.Objects.requireNonNullElse(request.getHeader("X-Stub-Stall-After"), "-1"));
            long stallMs = Long.parseLong(java.util.Objects.requireNonNullElse(request.getHeader("X-Stub-Stall-Ms"), "0"));
            request.exceptionHandler(e -> { });
            request.handler(buffer -> {
                sha.update(buffer.getByteBuf().nioBuffer());
                long before = length[0];
                length[0] += buffer.length();
                if (stallAfter >= 0 && before < stallAfter && length[0] >= stallAfter) {
                    request.pause();
                    vertx.setTimer(stallMs, t -> request.resume());
                }
            });
            request.endHandler(end -> {
                bodies.incrementAndGet();
                JsonObject headers = new JsonObject();
                request.headers().forEach(h -> headers.put(h.getKey().toLowerCase(), h.getValue()));
                JsonObject echo = new JsonObject()
                        .put("service", name)
                        .put("method", request.method().name())
                        .put("uri", request.uri())
                        .put("headers", headers)
                        // a repeated header would show only its last value above
                        .put("traceparents", request.headers().getAll("traceparent").size())
                        .put("bodyLength", length[0])
                        .put("sha256", HexFormat.of().formatHex(sha.digest()));
                request.response().putHeader("Content-Type", "application/json").end(echo.encode());
            });
        }

        /** Streams NDJSON lines until at least {@code bytes} are written, as fast as the reader takes them. */
        private void export(HttpServerRequest request, long bytes, long pauseMs) {
            var response = request.response().setChunked(true).putHeader("Content-Type", "application/x-ndjson");
            long[] written = {0};
            long[] line = {0};
            boolean[] paused = {pauseMs <= 0};
            Runnable[] pump = new Runnable[1];
            pump[0] = () -> {
                while (written[0] < bytes && !response.writeQueueFull()) {
                    if (!paused[0] && written[0] >= bytes / 2) {
                        paused[0] = true;
                        vertx.setTimer(pauseMs, t -> pump[0].run());
                        return;
                    }
                    StringBuilder chunk = new StringBuilder(64 * 1024);
                    while (chunk.length() < 60 * 1024) {
                        chunk.append(exportLine(line[0]++));
                    }
                    written[0] += chunk.length();
                    response.write(chunk.toString());
                }
                if (written[0] >= bytes) {
                    response.end();
                } else {
                    response.drainHandler(v -> pump[0].run());
                }
            };
            pump[0].run();
        }
    }

    /** Line {@code n} of a stub's export (ASCII). */
    private static String exportLine(long n) {
        String digits = Long.toString(n);
        return "{\"sku\":\"sku-" + "00000000".substring(Math.min(8, digits.length())) + digits + "\",\"qty\":" + (n % 100) + "}\n";
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A small OpenAPI document per service, with what the merge must handle: a path the gateway
     * does not route ({@code /q/hidden}), a schema name two services define differently ({@code Page}),
     * one they define alike ({@code Problem}), an admin write, a body. Version 1 of catalog's adds a path.
     */
    static JsonObject document(String service, int version) {
        JsonObject problem = new JsonObject().put("type", "object").put("properties",
                new JsonObject().put("title", new JsonObject().put("type", "string")));
        JsonObject paths = new JsonObject();
        JsonObject schemas = new JsonObject().put("Problem", problem);
        JsonObject notFound = new JsonObject().put("description", "Not found").put("content", new JsonObject()
                .put("application/problem+json", new JsonObject().put("schema", new JsonObject().put("$ref", "#/components/schemas/Problem"))));
        switch (service) {
            case "catalog" -> {
                schemas.put("Page", new JsonObject().put("type", "object").put("properties",
                        new JsonObject().put("skus", new JsonObject().put("type", "array").put("items", new JsonObject().put("type", "string")))));
                paths.put("/products", new JsonObject()
                        .put("get", operation("listProducts", "#/components/schemas/Page"))
                        .put("post", operation("createProduct", "#/components/schemas/Page")
                                .put("requestBody", new JsonObject().put("content", new JsonObject().put("application/json",
                                        new JsonObject().put("schema", new JsonObject().put("type", "object")))))));
                paths.put("/products/{sku}", new JsonObject().put("get", operation("getProduct", "#/components/schemas/Page")
                        .put("parameters", new io.vertx.core.json.JsonArray().add(new JsonObject().put("name", "sku").put("in", "path")
                                .put("required", true).put("schema", new JsonObject().put("type", "string"))))));
                paths.getJsonObject("/products/{sku}").getJsonObject("get").getJsonObject("responses").put("404", notFound);
                paths.put("/q/hidden", new JsonObject().put("get", operation("hidden", "#/components/schemas/Page")));
                if (version > 0) {
                    paths.put("/products/new-in-v" + version, new JsonObject().put("get", operation("newInV" + version, "#/components/schemas/Page")));
                }
            }
            case "category" -> {
                schemas.put("Page", new JsonObject().put("type", "object").put("properties",
                        new JsonObject().put("slugs", new JsonObject().put("type", "array").put("items", new JsonObject().put("type", "string")))));
                paths.put("/categories", new JsonObject().put("get", operation("listCategories", "#/components/schemas/Page")));
                paths.put("/admin/categories/verify", new JsonObject().put("get", operation("verifyCategoryTree", "#/components/schemas/Page")));
            }
            default -> paths.put("/carts", new JsonObject().put("post", operation("createCart", "#/components/schemas/Problem")));
        }
        return new JsonObject().put("openapi", "3.1.0")
                .put("info", new JsonObject().put("title", service + "-service API").put("version", "1.0.0"))
                .put("servers", new io.vertx.core.json.JsonArray().add(new JsonObject().put("url", "http://localhost:1")))
                .put("paths", paths)
                .put("components", new JsonObject().put("schemas", schemas));
    }

    private static JsonObject operation(String id, String schema) {
        return new JsonObject().put("operationId", id).put("summary", id).put("responses", new JsonObject().put("200",
                new JsonObject().put("description", "OK").put("content", new JsonObject().put("application/json",
                        new JsonObject().put("schema", new JsonObject().put("$ref", schema))))));
    }

    @Override
    public Map<String, String> start() {
        // Load the digest's provider now, not within the first request's 800 ms.
        HexFormat.of().formatHex(sha256().digest(new byte[1]));
        vertx = Vertx.vertx();
        try {
            for (String name : new String[] {"catalog", "category", "cart"}) {
                Stub stub = new Stub(name);
                stub.start();
                stubs.put(name, stub);
            }
            control = vertx.createHttpServer().requestHandler(this::control);
            control.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("stub upstreams did not start", e);
        }
        Map<String, String> config = new LinkedHashMap<>();
        stubs.values().forEach(stub -> {
            config.put("gateway.upstreams." + stub.name + ".url", "http://127.0.0.1:" + stub.port);
            config.put("gateway.upstreams." + stub.name + ".timeout", "800ms");
            config.put("gateway.upstreams." + stub.name + ".connect-timeout", "500ms");
        });
        // The tests of routing and failures send many cart writes from one address within a minute:
        // far above the shipped per-client limits, which RateLimitTest exercises with a profile of its own.
        for (String limit : new String[] {"create-cart", "add-line", "change-line", "checkout"}) {
            config.put("gateway.rate-limits." + limit, "100000/1m");
        }
        config.put("gateway.readiness.timeout", "300ms");
        config.put("gateway.openapi.cache-ttl", "300ms");
        config.put("gateway.retry-after", "7s");
        config.put("gateway.readiness.cache-ttl", "500ms");
        config.put("stub.control.url", "http://127.0.0.1:" + control.actualPort());
        return config;
    }

    /**
     * {@code POST /<stub>/down|up|fast|hold|release}, {@code POST /<stub>/slow?ms=N}, {@code POST /<stub>/drop?count=N},
     * {@code POST /<stub>/document?version=N}, {@code GET /<stub>/stats}.
     */
    private void control(HttpServerRequest request) {
        String[] parts = request.path().split("/");
        Stub stub = parts.length == 3 ? stubs.get(parts[1]) : null;
        if (stub == null) {
            request.response().setStatusCode(404).end();
            return;
        }
        String action = parts[2];
        vertx.<String>executeBlocking(() -> {
            switch (action) {
                case "down" -> stub.stop();
                case "up" -> {
                    if (stub.server == null) {
                        stub.start();
                    }
                }
                case "slow" -> stub.delayMillis = Long.parseLong(request.getParam("ms"));
                case "fast" -> stub.delayMillis = 0;
                case "hold" -> stub.hold();
                case "release" -> stub.release();
                case "drop" -> stub.dropping.set(Integer.parseInt(request.getParam("count")));
                case "unavailable" -> stub.unavailable = request.getParam("as");
                case "document" -> stub.documentVersion.set(Integer.parseInt(request.getParam("version")));
                case "stats" -> {
                    return new JsonObject().put("requests", stub.requests.get()).put("bodies", stub.bodies.get())
                            .put("options", stub.options.get())
                            .put("health", stub.health.get()).encode();
                }
                default -> throw new IllegalArgumentException(action);
            }
            return "{}";
        }).onComplete(ar -> {
            if (ar.succeeded()) {
                request.response().putHeader("Content-Type", "application/json").end(ar.result());
            } else {
                request.response().setStatusCode(500).end(String.valueOf(ar.cause()));
            }
        });
    }

    @Override
    public void stop() {
        if (vertx != null) {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }
}

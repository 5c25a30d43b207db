package com.example.shop.gateway;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Three stub services (catalog, category, cart) on free ports, plus a control server the tests
 * use to switch a stub down (its port closed), slow, or back to normal and to read its counters.
 * Control is over HTTP so tests and the resource share no classes or static state.
 *
 * <p>A stub answers {@code /q/health/ready} and {@code /q/openapi}; any other request is echoed
 * as JSON (service, method, uri, headers, body length), or, with {@code X-Stub-Echo-Body}, its
 * body is streamed straight back (the answer starts before the upload ends). A stub told to drop
 * requests closes the connection of each one instead of answering it.
 */
public class StubUpstreams implements QuarkusTestResourceLifecycleManager {

    private Vertx vertx;
    private final Map<String, Stub> stubs = new LinkedHashMap<>();
    private HttpServer control;

    final class Stub {
        final String name;
        int port;
        HttpServer server;
        volatile long delayMillis;
        final AtomicInteger dropping = new AtomicInteger();
        final AtomicInteger requests = new AtomicInteger();
        final AtomicInteger options = new AtomicInteger();
        final AtomicInteger health = new AtomicInteger();

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

        private void answer(HttpServerRequest request) {
            request.response().exceptionHandler(e -> { });
            if (request.path().equals("/q/health/ready")) {
                request.response().putHeader("Content-Type", "application/json").end("{\"status\":\"UP\"}");
                return;
            }
            if (request.path().equals("/q/openapi")) {
                request.response().putHeader("Content-Type", "application/yaml;charset=UTF-8")
                        .end("openapi: 3.0.3\ninfo:\n  title: " + name + "-service API\n  version: 1.0.0\npaths: {}\n");
                return;
            }
            if (request.getHeader("X-Request-Id") != null) {
                // Like a service that echoes the id: the gateway must not send it twice.
                request.response().putHeader("X-Request-Id", request.getHeader("X-Request-Id"));
            }
            if (request.getHeader("X-Stub-Echo-Body") != null) {
                request.response().setChunked(true)
                        .putHeader("Content-Type", "application/octet-stream")
                        .putHeader("X-Stub-Service", name);
                request.pipeTo(request.response());
                return;
            }
            request.body().onSuccess(body -> {
                JsonObject headers = new JsonObject();
                request.headers().forEach(h -> headers.put(h.getKey().toLowerCase(), h.getValue()));
                JsonObject echo = new JsonObject()
                        .put("service", name)
                        .put("method", request.method().name())
                        .put("uri", request.uri())
                        .put("headers", headers)
                        .put("bodyLength", body.length());
                request.response().putHeader("Content-Type", "application/json").end(echo.encode());
            });
        }
    }

    @Override
    public Map<String, String> start() {
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
        config.put("gateway.readiness.cache-ttl", "500ms");
        config.put("stub.control.url", "http://127.0.0.1:" + control.actualPort());
        return config;
    }

    /** {@code POST /<stub>/down|up|fast}, {@code POST /<stub>/slow?ms=N}, {@code POST /<stub>/drop?count=N}, {@code GET /<stub>/stats}. */
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
                case "drop" -> stub.dropping.set(Integer.parseInt(request.getParam("count")));
                case "stats" -> {
                    return new JsonObject().put("requests", stub.requests.get()).put("options", stub.options.get())
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

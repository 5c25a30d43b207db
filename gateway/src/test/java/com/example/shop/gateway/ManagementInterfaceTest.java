package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.ProductionProfile;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The gateway in its production configuration (the {@code prod} profile of application.properties):
 * health and metrics on the management port, and nothing but {@code /api/...} on the public port,
 * the Swagger UI included. The services behind it are production-like too: their API on one port,
 * their {@code /q/health/ready} and {@code /q/openapi} on another (their management interface),
 * which the gateway reaches through {@code management-url}.
 */
@QuarkusTest
@TestProfile(ManagementInterfaceTest.Production.class)
class ManagementInterfaceTest {

    public static class Production extends ProductionProfile {
        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(SplitPortServices.class), new TestResourceEntry(JwtTestResource.class));
        }
    }

    /** Three services whose API port answers 404 under /q and whose management port serves readiness and OpenAPI. */
    public static class SplitPortServices implements QuarkusTestResourceLifecycleManager {
        private Vertx vertx;

        @Override
        public Map<String, String> start() {
            vertx = Vertx.vertx();
            Map<String, String> config = new LinkedHashMap<>();
            for (String name : List.of("catalog", "category", "cart")) {
                int api = listen(request -> request.response().setStatusCode(request.path().startsWith("/q/") ? 404 : 200)
                        .putHeader("Content-Type", "application/json").end("{\"service\":\"" + name + "\"}"));
                int management = listen(request -> {
                    switch (request.path()) {
                        case "/q/health/ready" -> request.response().putHeader("Content-Type", "application/json")
                                .end("{\"status\":\"UP\"}");
                        case "/q/openapi" -> request.response().putHeader("Content-Type", "application/yaml")
                                .end("openapi: 3.0.3\ninfo:\n  title: " + name + " from its management port\n  version: 1\npaths: {}\n");
                        default -> request.response().setStatusCode(404).end();
                    }
                });
                config.put("gateway.upstreams." + name + ".url", "http://127.0.0.1:" + api);
                config.put("gateway.upstreams." + name + ".management-url", "http://127.0.0.1:" + management);
            }
            return config;
        }

        private int listen(io.vertx.core.Handler<io.vertx.core.http.HttpServerRequest> handler) {
            try {
                HttpServer server = vertx.createHttpServer().requestHandler(handler).listen(0, "127.0.0.1")
                        .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
                return server.actualPort();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void stop() {
            vertx.close();
        }
    }

    /** The port the management interface bound (ProductionProfile asks for port 0), as Quarkus publishes it. */
    @Inject
    @ConfigProperty(name = "quarkus.management.test-port")
    int managementPort;

    @Test
    void thePublicPortServesTheApiAndItsDocsOnly() {
        for (String path : List.of("/q/metrics", "/q/health", "/q/health/ready", "/q/openapi")) {
            given().get(path).then().statusCode(404);
        }
        given().get("/api/products").then().statusCode(200).body("service", equalTo("catalog"));
        for (String docs : List.of("/api/docs", "/api/docs/")) {
            given().redirects().follow(true).get(docs).then().statusCode(200).body(containsString("/api/docs/catalog/openapi"));
        }
        given().get("/api/docs/cart/openapi").then().statusCode(200).body(containsString("cart from its management port"));
    }

    @Test
    void theManagementPortServesHealthAndMetrics() {
        given().port(managementPort).get("/q/health/live").then().statusCode(200);
        given().port(managementPort).get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().port(managementPort).get("/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
    }
}

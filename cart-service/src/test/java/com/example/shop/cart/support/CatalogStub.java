package com.example.shop.cart.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A stand-in for the catalog service: GET /products/{sku} answers a fixture product for any sku
 * except those starting with "unknown" (404). Skus starting with "EUR" are priced in EUR, "PRICE-n-"
 * cost n, "MAX-n-" may be held n to a cart (max_per_cart). POST /__stub/mode/{up|down|slow|reprice} switches it: down answers 503, slow answers after 6 s, reprice adds 1000 to every price.
 * Tests reach the switch through {@link Catalog#mode}, by HTTP, so no static state is shared
 * across class loaders. POST /internal/availability (the availability transitions) is answered
 * {@code {applied, stale}} and remembered with the time it arrived: GET /__stub/availability lists
 * every call so far as {@code [{"at": epoch millis, "body": {...}}]} (503 while down).
 * GET /__stub/request-id/{sku} answers the X-Request-Id the last GET /products/{sku} came with
 * (empty when none), GET /__stub/traceparent/{sku} its W3C traceparent.
 *
 * <p>GET /internal/product-changes answers as the catalog does, from a feed the tests write: POST
 * /__stub/product-changes with a JSON array of product skus records one revision writing them (its
 * number answered), POST /__stub/product-changes/new-database starts another epoch from revision 0,
 * POST /__stub/product-changes/trim trims everything recorded so far.
 *
 * <p>The fixture products answer as a catalog before variants did (no {@code options},
 * {@code variants}, {@code max_per_cart_scope}). A product with variants is registered whole, in
 * the catalog's answer shape, by POST /__stub/products (again to change it): GET /products/{sku}
 * then answers it for its key and for each of its variants' skus, with {@code selected} when asked
 * by a variant's sku other than the key (docs/design.md#variants).
 */
public class CatalogStub implements QuarkusTestResourceLifecycleManager {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HttpServer server;
    private volatile String mode = "up";
    private final java.util.List<String> availabilityCalls = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, String> requestIds = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, String> traceparents = new java.util.concurrent.ConcurrentHashMap<>();
    /** The product-change feed: revision, then the products it wrote; with its epoch, head and trim mark. */
    private final java.util.NavigableMap<Long, List<String>> productChanges = new java.util.concurrent.ConcurrentSkipListMap<>();
    private String epoch = java.util.UUID.randomUUID().toString();
    private long head;
    private long trimmedThrough = -1;
    /** The registered products by their key and by each variant's sku. */
    private final Map<String, ObjectNode> registered = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/__stub/mode/", exchange -> {
            mode = exchange.getRequestURI().getPath().substring("/__stub/mode/".length());
            send(exchange, 204, "");
        });
        server.createContext("/products/", this::product);
        server.createContext("/__stub/products", this::register);
        server.createContext("/internal/availability", this::availability);
        server.createContext("/internal/product-changes", this::productChanges);
        server.createContext("/__stub/product-changes", this::recordProductChange);
        server.createContext("/__stub/availability", exchange -> send(exchange, 200, "[" + String.join(",", availabilityCalls) + "]"));
        server.createContext("/__stub/request-id/", exchange -> send(exchange, 200, requestIds.getOrDefault(
                exchange.getRequestURI().getPath().substring("/__stub/request-id/".length()), "")));
        server.createContext("/__stub/traceparent/", exchange -> send(exchange, 200, traceparents.getOrDefault(
                exchange.getRequestURI().getPath().substring("/__stub/traceparent/".length()), "")));
        server.start();
        return Map.of("quarkus.rest-client.catalog-service.url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void product(HttpExchange exchange) throws IOException {
        String sku = exchange.getRequestURI().getPath().substring("/products/".length());
        String requestId = exchange.getRequestHeaders().getFirst("X-Request-Id");
        requestIds.put(sku, requestId == null ? "" : requestId);
        String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
        traceparents.put(sku, traceparent == null ? "" : traceparent);
        switch (mode) {
            case "down" -> {
                send(exchange, 503, "{\"status\":503}");
                return;
            }
            case "slow" -> {
                try {
                    Thread.sleep(6000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            default -> {
            }
        }
        ObjectNode product = registered.get(sku);
        if (product != null) {
            ObjectNode answer = product.deepCopy();
            if (!sku.equals(answer.path("sku").asText())) {
                answer.put("selected", sku);
            }
            send(exchange, 200, JSON.writeValueAsString(answer));
            return;
        }
        if (sku.startsWith("unknown")) {
            send(exchange, 404, "{\"status\":404,\"title\":\"Not found\"}");
            return;
        }
        String currency = sku.startsWith("EUR") ? "EUR" : "USD";
        long retail = 1099;
        if (sku.startsWith("PRICE-")) {
            retail = Long.parseLong(sku.split("-")[1]);
        }
        if (mode.equals("reprice")) {
            retail += 1000;
        }
        // "MAX-n-…" products may be held n to a cart; the others say nothing (only the service's own line limit)
        String maxPerCart = sku.startsWith("MAX-") ? ",\"max_per_cart\":" + sku.split("-")[1] : "";
        send(exchange, 200, "{\"sku\":\"" + sku + "\",\"type\":\"Audio Album\",\"title\":\"Album " + sku + "\"" + maxPerCart + ","
                + "\"description\":\"fixture\",\"pricing\":{\"currency\":\"" + currency + "\",\"list\":" + (retail + 200)
                + ",\"retail\":" + retail + ",\"savings\":200,\"pct_savings\":15},\"details\":{\"artist\":\"Fixture\"}}");
    }

    /** POST /__stub/products: the product, as the catalog answers it, under its key and its variants' skus. */
    private void register(HttpExchange exchange) throws IOException {
        ObjectNode product = (ObjectNode) JSON.readTree(exchange.getRequestBody());
        registered.put(product.path("sku").asText(), product);
        for (JsonNode variant : product.path("variants")) {
            registered.put(variant.path("sku").asText(), product);
        }
        send(exchange, 204, "");
    }

    private void availability(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (mode.equals("down")) {
            send(exchange, 503, "{\"status\":503}");
            return;
        }
        availabilityCalls.add("{\"at\":" + System.currentTimeMillis() + ",\"body\":" + body + "}");
        send(exchange, 200, "{\"applied\":0,\"stale\":0}");
    }

    private synchronized void productChanges(HttpExchange exchange) throws IOException {
        if (mode.equals("down")) {
            send(exchange, 503, "{\"status\":503}");
            return;
        }
        Map<String, String> query = new java.util.HashMap<>();
        String raw = exchange.getRequestURI().getQuery();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            String[] kv = pair.split("=", 2);
            query.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        ObjectNode page = JSON.createObjectNode().put("epoch", epoch).put("revision", head).put("trimmed_through", trimmedThrough);
        var changes = page.putArray("changes");
        if (!query.containsKey("after")) {
            send(exchange, 200, JSON.writeValueAsString(page.put("reached", head).put("more", false)));
            return;
        }
        long after = Long.parseLong(query.get("after"));
        int limit = Integer.parseInt(query.getOrDefault("limit", "100"));
        long reached = after;
        int read = 0;
        for (long revision = after + 1; revision <= head && read < limit; revision++, read++) {
            List<String> products = productChanges.get(revision);
            if (products != null) {
                ObjectNode change = changes.addObject().put("revision", revision);
                products.forEach(change.putArray("products")::add);
            }
            reached = revision;
        }
        send(exchange, 200, JSON.writeValueAsString(page.put("reached", reached).put("more", reached < head)));
    }

    private synchronized void recordProductChange(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (path.endsWith("/new-database")) {
            epoch = java.util.UUID.randomUUID().toString();
            head = 0;
            trimmedThrough = -1;
            productChanges.clear();
            send(exchange, 200, "{\"revision\":0}");
            return;
        }
        if (path.endsWith("/trim")) {
            trimmedThrough = head;
            productChanges.clear();
            send(exchange, 200, "{\"revision\":" + head + "}");
            return;
        }
        List<String> products = new java.util.ArrayList<>();
        JSON.readTree(exchange.getRequestBody()).forEach(product -> products.add(product.asText()));
        productChanges.put(++head, products);
        send(exchange, 200, "{\"revision\":" + head + "}");
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}

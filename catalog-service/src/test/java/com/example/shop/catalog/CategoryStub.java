package com.example.shop.catalog;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Plays the category service's {@code GET /categories/{slug}/subtree-ids} contract with a fixed tree:
 * <pre>
 * music ─ jazz ─ bop
 *       │      └ modal-jazz
 *       └ rock
 * films ─ action
 * </pre>
 * {@link #mode} switches it to answering errors, answering too slowly, or answering nonsense;
 * {@link #lastRequestId} is the X-Request-Id its last call came with.
 */
public class CategoryStub implements QuarkusTestResourceLifecycleManager {

    public enum Mode { UP, ERROR, SLOW, GARBAGE }

    public static final String MUSIC = "aaaaaaaaaaaaaaaaaaaa0001";
    public static final String JAZZ = "aaaaaaaaaaaaaaaaaaaa0002";
    public static final String BOP = "aaaaaaaaaaaaaaaaaaaa0003";
    public static final String MODAL_JAZZ = "aaaaaaaaaaaaaaaaaaaa0004";
    public static final String ROCK = "aaaaaaaaaaaaaaaaaaaa0005";
    public static final String FILMS = "aaaaaaaaaaaaaaaaaaaa0006";
    public static final String ACTION = "aaaaaaaaaaaaaaaaaaaa0007";

    static final Map<String, List<String>> SUBTREES = Map.of(
            "music", List.of(MUSIC, JAZZ, BOP, MODAL_JAZZ, ROCK),
            "jazz", List.of(JAZZ, BOP, MODAL_JAZZ),
            "bop", List.of(BOP),
            "modal-jazz", List.of(MODAL_JAZZ),
            "rock", List.of(ROCK),
            "films", List.of(FILMS, ACTION),
            "action", List.of(ACTION));

    public static final long SLOW_MILLIS = 3000;

    private static volatile Mode mode = Mode.UP;
    private static final AtomicInteger CALLS = new AtomicInteger();

    private HttpServer server;

    public static void mode(Mode newMode) {
        mode = newMode;
    }

    public static int calls() {
        return CALLS.get();
    }

    /** The X-Request-Id the last call came with ("" when none). */
    public static String lastRequestId() {
        return lastRequestId;
    }

    private static volatile String lastRequestId = "";

    private static void remember(HttpExchange exchange) {
        String id = exchange.getRequestHeaders().getFirst("X-Request-Id");
        lastRequestId = id == null ? "" : id;
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/categories/", this::handle);
        server.createContext("/categories", this::handleTree);
        server.start();
        return Map.of("quarkus.rest-client.category-service.url",
                "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        CALLS.incrementAndGet();
        remember(exchange);
        String path = exchange.getRequestURI().getPath(); // /categories/{slug}/subtree-ids
        String[] parts = path.split("/");
        Mode current = mode;
        try (exchange) {
            if (current == Mode.SLOW) {
                answerLate();
            }
            if (current == Mode.ERROR) {
                send(exchange, 500, "application/problem+json", "{\"status\":500,\"title\":\"Internal error\"}");
                return;
            }
            if (current == Mode.GARBAGE) {
                send(exchange, 200, "application/json", "{\"slug\":\"x\",\"ids\":[\"not-an-id\"]}");
                return;
            }
            if (parts.length != 4 || !parts[3].equals("subtree-ids") || !SUBTREES.containsKey(parts[2])) {
                send(exchange, 404, "application/problem+json",
                        "{\"type\":\"https://problems.shop.example/not-found\",\"title\":\"Not found\",\"status\":404}");
                return;
            }
            String ids = SUBTREES.get(parts[2]).stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(","));
            send(exchange, 200, "application/json",
                    "{\"slug\":\"" + parts[2] + "\",\"ids\":[" + ids + "],\"extra\":true}");
        }
    }

    static final Map<String, String> NAMES = Map.of("music", "Music", "jazz", "Jazz", "bop", "Bop",
            "modal-jazz", "Modal Jazz", "rock", "Rock", "films", "Films", "action", "Action");
    static final Map<String, List<String>> CHILDREN = Map.of("music", List.of("jazz", "rock"),
            "jazz", List.of("bop", "modal-jazz"), "films", List.of("action"));
    static final List<String> ROOTS = List.of("films", "music");

    /** {@code GET /categories?tree=true}: the tree, nested, as the category service writes it. */
    private void handleTree(HttpExchange exchange) throws IOException {
        TREE_CALLS.incrementAndGet();
        remember(exchange);
        try (exchange) {
            Mode current = mode;
            if (current == Mode.SLOW) {
                answerLate();
            }
            if (current == Mode.ERROR) {
                send(exchange, 500, "application/problem+json", "{\"status\":500,\"title\":\"Internal error\"}");
                return;
            }
            if (!"tree=true".equals(exchange.getRequestURI().getQuery())) {
                send(exchange, 400, "application/problem+json", "{\"status\":400}");
                return;
            }
            String roots = ROOTS.stream().map(CategoryStub::node).collect(Collectors.joining(","));
            send(exchange, 200, "application/json", "{\"roots\":[" + roots + "],\"count\":7}");
        }
    }

    private static String node(String slug) {
        String children = CHILDREN.getOrDefault(slug, List.of()).stream().map(CategoryStub::node)
                .collect(Collectors.joining(","));
        return "{\"id\":\"" + SUBTREES.get(slug).get(0) + "\",\"slug\":\"" + slug + "\",\"name\":\"" + NAMES.get(slug)
                + "\",\"children\":[" + children + "]}";
    }

    private static final AtomicInteger TREE_CALLS = new AtomicInteger();

    /** How many times the tree was asked for. */
    public static int treeCalls() {
        return TREE_CALLS.get();
    }

    private static void answerLate() {
        try {
            Thread.sleep(SLOW_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}

package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The import follower and the export reader against a real HTTP server on the loopback interface that plays the admin API. */
class ImportRunsTest {

    private HttpServer server;
    private String base;
    private final AtomicLong uploaded = new AtomicLong();
    private final AtomicInteger polls = new AtomicInteger();
    private volatile String uploadedType;
    private volatile String location = "/api/admin/catalog/imports/r1";

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/admin/catalog/import", exchange -> {
            uploadedType = exchange.getRequestHeaders().getFirst("Content-Type");
            byte[] body = exchange.getRequestBody().readAllBytes();
            uploaded.set(body.length);
            exchange.getResponseHeaders().add("Location", location);
            send(exchange, 202, run("running", 0, body.length));
        });
        server.createContext("/api/admin/catalog/imports/r1", exchange -> {
            int n = polls.incrementAndGet();
            send(exchange, 200, n < 3 ? run("running", n, uploaded.get()) : run("succeeded", 3, uploaded.get()));
        });
        server.createContext("/api/admin/catalog/export", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 1; i <= 2500; i++) {
                    out.write(("{\"sku\":\"ALB-1-" + i + "\",\"type\":\"Audio Album\"}\n").getBytes(StandardCharsets.UTF_8));
                }
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static String run(String state, long done, long bytes) {
        return "{\"id\":\"r1\",\"kind\":\"import-products\",\"state\":\"" + state + "\",\"counts\":{\"read\":" + done + ",\"created\":" + done
                + ",\"updated\":0,\"unchanged\":0,\"rejected\":0,\"bytes_total\":" + bytes + ",\"bytes_read\":" + bytes
                + "},\"labels\":{\"trigger\":\"manual\"},\"started_at\":\"2026-11-24T08:00:00Z\","
                + ("succeeded".equals(state) ? "\"finished_at\":\"2026-11-24T08:00:02.500Z\"" : "\"finished_at\":null") + ",\"problems\":[]}";
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, b.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(b);
        }
    }

    private static Path products(Path dir) throws IOException {
        Path file = dir.resolve("products.ndjson");
        Files.writeString(file, "{\"sku\":\"a\"}\n{\"sku\":\"b\"}\n\n{\"sku\":\"c\"}\n");
        return file;
    }

    @Test
    void aFileIsStreamedAsNdjsonAndItsRunFollowedToTheEnd(@TempDir Path dir) throws Exception {
        Api api = new Api(base, "token", Duration.ofSeconds(5), 1);
        Path file = products(dir);
        ImportRuns.Started started = ImportRuns.post(api, "/api", "catalog", file);
        assertTrue(started.accepted());
        assertEquals("application/x-ndjson", uploadedType);
        assertEquals(Files.size(file), uploaded.get());
        assertEquals("/api/admin/catalog/imports/r1", started.runPath());
        JsonNode end = ImportRuns.follow(api, started.runPath(), System.nanoTime() + 10_000_000_000L, 10, r -> false);
        assertEquals("succeeded", end.path("state").asText());
        assertEquals(3, ImportRuns.done(end));
        assertEquals(3, ImportRuns.lines(file), "blank lines are not lines");
        assertEquals(2.5, ImportBench.runSeconds(end));
    }

    @Test
    void aProductFileCountsEachLinesVariantsOrOneSku(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("products.ndjson");
        Files.write(file, List.of("{\"sku\":\"A\"}", "", "{\"sku\":\"B\",\"variants\":[{\"sku\":\"B-1\"},{\"sku\":\"B-2\"},{\"sku\":\"B-3\"}]}",
                "{\"sku\":\"C\",\"title\":\"no \\\"variants\\\" here\"}"));
        assertEquals(5, ImportRuns.skus(file), "1 + 3 + 1: a blank line is none, a title naming variants is one sku");
    }

    @Test
    void followingStopsWhenAskedBeforeTheEnd(@TempDir Path dir) throws Exception {
        Api api = new Api(base, "token", Duration.ofSeconds(5), 1);
        ImportRuns.Started started = ImportRuns.post(api, "/api", "catalog", products(dir));
        JsonNode cut = ImportRuns.follow(api, started.runPath(), System.nanoTime() + 10_000_000_000L, 10, r -> ImportRuns.done(r) >= 2);
        assertEquals("running", cut.path("state").asText());
        assertEquals(2, ImportRuns.done(cut));
    }

    @Test
    void aRunIsFoundByItsLocationOrElseByItsId() {
        Api.Response accepted = new Api.Response(202, "{\"id\":\"abc\"}", 0, null, null,
                HttpHeaders.of(Map.of("Location", List.of("http://127.0.0.1:8080/api/admin/catalog/imports/abc")), (a, b) -> true));
        assertEquals("/api/admin/catalog/imports/abc", ImportRuns.runPath("http://127.0.0.1:8080", "/api", "catalog", accepted));
        Api.Response elsewhere = new Api.Response(202, "{\"id\":\"abc\"}", 0, null, null,
                HttpHeaders.of(Map.of("Location", List.of("http://10.0.0.9:8081/admin/catalog/imports/abc")), (a, b) -> true));
        assertEquals("/api/admin/catalog/imports/abc", ImportRuns.runPath("http://127.0.0.1:8080", "/api", "catalog", elsewhere));
        assertNull(ImportRuns.runPath("http://127.0.0.1:8080", "/api", "catalog", new Api.Response(202, "{}", 0, null)));
    }

    @Test
    void theImportCommandReportsCountsTimeAndResidentMemory(@TempDir Path dir) throws Exception {
        long self = ProcessHandle.current().pid();
        String out = captured(() -> ImportBench.importRun(new Args(new String[] {"--gateway", base, "--token", "t", "--base", "catalog",
            "--file", products(dir).toString(), "--label", "products", "--pids", "harness=" + self, "--poll-ms", "10",
            "--md", dir.resolve("import.md").toString()}, 0)), 0);
        assertTrue(out.contains("RESULT import label=products base=catalog state=succeeded lines=3 read=3 created=3"), out);
        assertTrue(out.matches("(?s).* rss_max_mib_harness=[1-9][0-9]* .*"), out);
        // this JVM's heap is anonymous memory, its jars file-backed: both parts are there, and within the whole
        long whole = Long.parseLong(out.replaceAll("(?s).* rss_max_mib_harness=([0-9]+) .*", "$1"));
        long anonymous = Long.parseLong(out.replaceAll("(?s).* rss_max_anon_mib_harness=([0-9]+) .*", "$1"));
        long files = Long.parseLong(out.replaceAll("(?s).* rss_max_file_mib_harness=([0-9]+) .*", "$1"));
        assertTrue(anonymous > 0 && files > 0 && anonymous + files <= whole + 2, out);
        String md = Files.readString(dir.resolve("import.md"));
        assertTrue(md.contains("| state | succeeded |"), md);
        assertTrue(md.matches("(?s).*\\| resident memory of harness: before → largest \\([0-9]+ samples\\) \\| [0-9]+ → \\*\\*[0-9]+ MiB\\*\\* "
                + "\\(anonymous [0-9]+, file-backed [0-9]+\\) \\|.*"), md);
    }

    @Test
    void theExportIsCountedAsItStreams(@TempDir Path dir) throws Exception {
        String out = captured(() -> ImportBench.exportRun(new Args(new String[] {"--gateway", base, "--token", "t", "--base", "catalog",
            "--expect", "2500", "--md", dir.resolve("export.md").toString()}, 0)), 0);
        assertTrue(out.contains("status=200 lines=2500"), out);
        assertTrue(out.contains("distinct_keys=2500 malformed=0 content_type=application/x-ndjson"), out);
        captured(() -> ImportBench.exportRun(new Args(new String[] {"--gateway", base, "--token", "t", "--base", "catalog",
            "--expect", "2501"}, 0)), 1);
    }

    interface Command {
        int run() throws Exception;
    }

    /** Runs a command, returns what it printed on standard output, and checks its exit status. */
    private static String captured(Command command, int status) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        int code;
        try {
            code = command.run();
        } finally {
            System.setOut(original);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(status, code, out);
        return out;
    }
}

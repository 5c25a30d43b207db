package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bulk import and export through the gateway (issue 17): an import body streams to the service under
 * the import limit (1 GiB here, the default), piped at the pace the service reads it; every other
 * body keeps the ordinary limit (1 MiB), declared or chunked; an export streams back for longer than
 * the service's timeout (800 ms in these tests), pauses included.
 */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class BulkTransferTest {

    private static final int MB = 1024 * 1024;

    @TestHTTPResource("/")
    URI gateway;

    private static String admin() {
        return "Bearer " + TestTokens.admin();
    }

    private static HttpClient http() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    @Test
    void aThirtyMegabyteImportReachesTheServiceIntact() {
        byte[] body = new byte[30 * MB];
        new Random(17).nextBytes(body);
        int before = Stubs.bodies("catalog");
        given().header("Authorization", admin()).contentType("application/x-ndjson").body(body)
                .when().post("/api/admin/catalog/import")
                .then().statusCode(200)
                .body("service", equalTo("catalog"))
                .body("uri", equalTo("/admin/catalog/import"))
                .body("headers.content-length", equalTo(String.valueOf(30 * MB)))
                .body("bodyLength", equalTo(30 * MB))
                .body("sha256", equalTo(Bodies.sha256(body)));
        assertEquals(before + 1, Stubs.bodies("catalog"));
    }

    @ParameterizedTest
    @CsvSource({
            "/api/admin/catalog/import, catalog, /admin/catalog/import",
            "/api/admin/categories/import, category, /admin/categories/import",
            "/api/admin/inventory/import?dry=1, cart, /admin/inventory/import?dry=1",
    })
    void everyImportHasTheImportLimitNotTheOrdinaryOne(String path, String service, String upstreamUri) {
        byte[] body = new byte[3 * MB];
        new Random(3).nextBytes(body);
        given().header("Authorization", admin()).contentType("application/x-ndjson").body(body)
                .urlEncodingEnabled(false)
                .when().post(path)
                .then().statusCode(200)
                .body("service", equalTo(service))
                .body("uri", equalTo(upstreamUri))
                .body("bodyLength", equalTo(3 * MB))
                .body("sha256", equalTo(Bodies.sha256(body)));
    }

    @Test
    void aChunkedImportIsPipedAtThePaceTheServiceReadsIt() throws Exception {
        // The service stops reading after 1 MiB for 3 s. Were the gateway to hold the body, the client
        // would get all 64 MiB out meanwhile; piped, it gets no further than what the sockets buffer.
        long size = 64L * MB;
        Bodies.Generated body = new Bodies.Generated(size);
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/admin/inventory/import"))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", admin())
                .header("Content-Type", "application/x-ndjson")
                .header("X-Stub-Stall-After", String.valueOf(MB))
                .header("X-Stub-Stall-Ms", "3000")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> body))
                .build();
        long start = System.nanoTime();
        CompletableFuture<HttpResponse<String>> answer = http().sendAsync(request, HttpResponse.BodyHandlers.ofString());
        while (body.produced() < MB && millisSince(start) < 10_000) {
            Thread.sleep(20);
        }
        Thread.sleep(1500);
        long duringStall = body.produced();
        Thread.sleep(500);
        long laterInStall = body.produced();
        HttpResponse<String> response = answer.get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(200, response.statusCode(), response.body());
        JsonObject echo = new JsonObject(response.body());
        assertEquals("chunked", echo.getJsonObject("headers").getString("transfer-encoding"));
        assertEquals(size, echo.getLong("bodyLength"));
        assertEquals(body.sha256(), echo.getString("sha256"));
        assertTrue(laterInStall < size / 2, "while the service read nothing the client got " + laterInStall
                + " bytes out (" + duringStall + " half a second earlier): the gateway is holding the body");
        assertTrue(millisSince(start) >= 3000, "the stall did not happen");
    }

    @Test
    void twelveMegabytesDeclaredToAnOrdinaryPathAre413BeforeTheBodyIsSent() throws Exception {
        int before = Stubs.requests("catalog");
        Bodies.Answer answer = Bodies.withoutBody(gateway, "POST", "/api/products", 12L * MB, "Authorization: " + admin());
        assertEquals(413, answer.status(), answer.body());
        assertEquals("application/problem+json", answer.headers().get("content-type"));
        JsonObject problem = new JsonObject(answer.body());
        assertEquals("https://problems.shop.example/payload-too-large", problem.getString("type"));
        assertEquals(413, problem.getInteger("status"));
        assertTrue(problem.getString("detail").contains(String.valueOf(MB)), problem.encode());
        assertEquals(before, Stubs.requests("catalog"));
        // Also to a client that sends the body anyway (over Quarkus' own limit of 10M as well).
        given().header("Authorization", admin()).contentType("application/json").body(new byte[12 * MB])
                .when().post("/api/admin/catalog")
                .then().statusCode(413).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/payload-too-large"));
        assertEquals(before, Stubs.requests("catalog"));
    }

    @Test
    void twelveMegabytesChunkedToAnOrdinaryPathAre413AndNeverReachTheServiceWhole() throws Exception {
        int before = Stubs.bodies("catalog");
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/admin/catalog/imports"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", admin())
                .header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new Bodies.Generated(12L * MB)))
                .build();
        HttpResponse<String> response = http().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode(), response.body());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals("https://problems.shop.example/payload-too-large", new JsonObject(response.body()).getString("type"));
        assertEquals(before, Stubs.bodies("catalog"), "the service got a body cut at the limit as if it were whole");
    }

    @Test
    void anExportStreamsThroughForLongerThanTheServiceTimeoutPausesIncluded() throws Exception {
        // 32 MiB of NDJSON, with the service pausing 1.2 s halfway and the client pausing 1.2 s too:
        // the 800 ms timeout is the wait for the answer's head, not a limit on a long download.
        long size = 32L * MB;
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/admin/catalog/export?bytes=" + size + "&pauseMs=1200"))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", admin())
                .GET().build();
        long start = System.nanoTime();
        HttpResponse<InputStream> response = http().send(request, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        assertEquals("application/x-ndjson", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals("private, no-store", response.headers().firstValue("Cache-Control").orElse(""));
        long bytes = 0;
        long lines = 0;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.US_ASCII))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String expected = String.format("{\"sku\":\"sku-%08d\",\"qty\":%d}", lines, lines % 100);
                if (!line.equals(expected)) {
                    throw new AssertionError("line " + lines + ": " + line + " instead of " + expected);
                }
                bytes += line.length() + 1;
                if (++lines == 100_000) {
                    Thread.sleep(1200);
                }
            }
        }
        assertTrue(bytes >= size, "the export ended after " + bytes + " bytes");
        assertTrue(millisSince(start) >= 2400, "no pause happened");
    }

    @Test
    void anImportRunLocationIsGivenInPublicForm() {
        given().header("Authorization", admin()).header("X-Stub-Location", "/admin/catalog/imports/r1")
                .contentType("application/x-ndjson").body("{}\n".getBytes(StandardCharsets.UTF_8))
                .redirects().follow(false)
                .when().post("/api/admin/catalog/import")
                .then().statusCode(200).header("Location", "/api/admin/catalog/imports/r1");
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}

package com.example.shop.e2e;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@code ./platform up} gives a developer who reads {@code .platform/logs/} with nothing set and no
 * trace collector: one access-log line per request in every process the request went through, each
 * naming the same trace id (and the request id), so that {@code grep traceId=<id> .platform/logs/*.log}
 * follows one request. The packaged jar's own default is off for both (the benches measure that); the
 * trace story of {@link StorefrontAndAdminStoriesTest} covers the exported spans.
 */
class LocalRunLogsTest {

    private static final Pattern TRACE_ID = Pattern.compile("traceId=([0-9a-f]*) ");

    private static LocalPlatform platform;

    @BeforeAll
    static void start() throws Exception {
        platform = LocalPlatform.fresh(Path.of("target", "local-run-logs-platform").toAbsolutePath(), Map.of());
        String banner = platform.run("up");
        assertTrue(banner.contains("The platform is up"), banner);
    }

    @AfterAll
    static void stop() throws Exception {
        if (platform != null) {
            platform.run("down");
        }
    }

    @Test
    void anAddToCartIsOneAccessLineInEachProcessItCrossedAllUnderOneTraceId() throws Exception {
        String cart = given().baseUri(platform.gatewayUrl()).when().post("/api/carts")
                .then().statusCode(201).extract().path("id");
        String requestId = "local-run-" + UUID.randomUUID();
        given().baseUri(platform.gatewayUrl()).header("X-Request-Id", requestId)
                .contentType(ContentType.JSON).body(Map.of("sku", "kind-of-blue", "qty", 1))
                .when().post("/api/carts/" + cart + "/items")
                .then().statusCode(200);

        Set<String> traceIds = new TreeSet<>();
        for (Map.Entry<String, String> expected : LocalPlatform.addToCartAccessLines(cart).entrySet()) {
            String line = awaitLine(expected.getKey(), "requestId=" + requestId, expected.getValue());
            Matcher traceId = TRACE_ID.matcher(line);
            assertTrue(traceId.find() && traceId.group(1).length() == 32,
                    expected.getKey() + "'s access-log line names a trace id of 32 hexadecimal digits: " + line);
            traceIds.add(traceId.group(1));
        }
        assertEquals(1, traceIds.size(), "one trace id for the whole request: " + traceIds);
    }

    /** The first line of the component's log holding every one of {@code parts}, waited for up to 10 s (lines are written after the answer). */
    private static String awaitLine(String component, String... parts) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            List<String> found = platform.log(component).lines()
                    .filter(line -> Arrays.stream(parts).allMatch(line::contains)).toList();
            if (!found.isEmpty()) {
                return found.get(0);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(component + "'s log has no line with " + List.of(parts));
            }
            Thread.sleep(100);
        }
    }
}

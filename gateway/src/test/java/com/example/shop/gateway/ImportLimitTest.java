package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The import limit itself ({@code gateway.limits.import-max-body-size}), set small here: 2M. */
@QuarkusTest
@TestProfile(ImportLimitTest.SmallImportLimit.class)
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class ImportLimitTest {

    private static final int MB = 1024 * 1024;
    private static final int LIMIT = 2 * MB;

    public static class SmallImportLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.limits.import-max-body-size", "2M");
        }
    }

    @TestHTTPResource("/")
    URI gateway;

    private static String admin() {
        return "Bearer " + TestTokens.admin();
    }

    @Test
    void anImportAtTheLimitPasses() {
        byte[] body = new byte[LIMIT];
        new Random(5).nextBytes(body);
        given().header("Authorization", admin()).contentType("application/x-ndjson").body(body)
                .when().post("/api/admin/categories/import")
                .then().statusCode(200)
                .body("bodyLength", equalTo(LIMIT))
                .body("sha256", equalTo(Bodies.sha256(body)));
    }

    @Test
    void anImportDeclaredOverTheLimitIs413BeforeItsBodyIsSent() throws Exception {
        int before = Stubs.requests("catalog");
        Bodies.Answer answer = Bodies.withoutBody(gateway, "POST", "/api/admin/catalog/import", LIMIT + 1L,
                "Authorization: " + admin());
        assertEquals(413, answer.status(), answer.body());
        assertEquals("application/problem+json", answer.headers().get("content-type"));
        assertEquals("no-store", answer.headers().get("cache-control"));
        JsonObject problem = new JsonObject(answer.body());
        assertEquals("https://problems.shop.example/payload-too-large", problem.getString("type"));
        assertEquals(413, problem.getInteger("status"));
        assertEquals("The request body is over the limit of " + LIMIT + " bytes", problem.getString("detail"));
        assertEquals(before, Stubs.requests("catalog"));
    }

    @Test
    void aChunkedImportOverTheLimitIs413AndNeverReachesTheServiceWhole() throws Exception {
        int before = Stubs.bodies("cart");
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/api/admin/inventory/import"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", admin())
                .header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new Bodies.Generated(3L * MB)))
                .build();
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode(), response.body());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        JsonObject problem = new JsonObject(response.body());
        assertEquals("https://problems.shop.example/payload-too-large", problem.getString("type"));
        assertEquals("The request body is over the limit of " + LIMIT + " bytes", problem.getString("detail"));
        assertEquals(before, Stubs.bodies("cart"), "the service got a body cut at the limit as if it were whole");
    }

    @Test
    void theImportLimitIsOnlyForImports() {
        // POST <base>/imports (the runs), another admin write: the ordinary 1 MiB.
        given().header("Authorization", admin()).contentType("application/json").body(new byte[MB + 1])
                .when().post("/api/admin/catalog/imports")
                .then().statusCode(413).contentType("application/problem+json")
                .body("detail", equalTo("The request body is over the limit of " + MB + " bytes"));
    }
}

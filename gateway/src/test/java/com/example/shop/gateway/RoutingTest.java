package com.example.shop.gateway;

import com.example.shop.testsupport.TestTokens;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.LogCapture;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class RoutingTest {

    static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @ParameterizedTest
    @CsvSource({
            "GET, /api/products, catalog, /products",
            "GET, /api/products?q=blue&limit=5, catalog, /products?q=blue&limit=5",
            "GET, /api/products/sku-1, catalog, /products/sku-1",
            "GET, /api/product-types/film, catalog, /product-types/film",
            "GET, /api/categories, category, /categories",
            "GET, /api/categories/jazz/breadcrumbs?x=1, category, /categories/jazz/breadcrumbs?x=1",
            "POST, /api/admin/categories, category, /admin/categories",
            "POST, /api/admin/catalog/import, catalog, /admin/catalog/import",
            "GET, /api/admin/catalog/imports/r1/rejects?limit=50&cursor=x, catalog, /admin/catalog/imports/r1/rejects?limit=50&cursor=x",
            "GET, /api/admin/catalog/export, catalog, /admin/catalog/export",
            "POST, /api/admin/categories/import, category, /admin/categories/import",
            "GET, /api/admin/inventory/export, cart, /admin/inventory/export",
            "GET, /api/carts/abc123, cart, /carts/abc123",
            "POST, /api/carts, cart, /carts",
            "GET, /api/inventory/sku-1, cart, /inventory/sku-1",
            "POST, /api/admin/jobs/expire-carts, cart, /admin/jobs/expire-carts",
            "GET, /api/orders/100001, cart, /orders/100001",
            "GET, /api/admin/orders?status=placed&limit=5, cart, /admin/orders?status=placed&limit=5",
            "POST, /api/admin/orders/100001/cancel, cart, /admin/orders/100001/cancel",
            "GET, /api/admin/orders/export, cart, /admin/orders/export",
            "GET, /api/admin/webhooks/5f0000000000000000000000/deliveries?limit=5, cart, /admin/webhooks/5f0000000000000000000000/deliveries?limit=5",
    })
    void routesToTheServiceWithoutTheApiPrefix(String method, String path, String service, String upstreamUri) {
        given().header("Authorization", "Bearer " + TestTokens.admin())
                .urlEncodingEnabled(false)
                .when().request(method, path)
                .then().statusCode(200)
                .body("service", equalTo(service))
                .body("method", equalTo(method))
                .body("uri", equalTo(upstreamUri));
    }

    @Test
    void dotSegmentsAreResolvedBeforeRoutingAndForwarding() {
        given().urlEncodingEnabled(false)
                .when().get("/api/products/x/../../categories/jazz")
                .then().statusCode(200)
                .body("service", equalTo("category"))
                .body("uri", equalTo("/categories/jazz"));
    }

    @ParameterizedTest
    @CsvSource({"/api/unknown", "/api/productsX", "/api/admin/other", "/api/admin/catalogX", "/api", "/api/cart"})
    void unknownApiPathIsA404Problem(String path) {
        given().when().get(path)
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/not-found"))
                .body("status", equalTo(404))
                .body("title", equalTo("Not found"))
                .header("X-Request-Id", matchesPattern(UUID));
    }

    @Test
    void requestIdIsGeneratedAndPassedBothWays() {
        Response response = given().when().get("/api/products");
        response.then().statusCode(200).header("X-Request-Id", matchesPattern(UUID));
        String id = response.header("X-Request-Id");
        assertEquals(id, response.jsonPath().getString("headers.x-request-id"));
        assertEquals(1, response.headers().getValues("X-Request-Id").size());
    }

    @Test
    void suppliedRequestIdIsKept() {
        Response response = given().header("X-Request-Id", "storefront-42.a").when().get("/api/carts/c1");
        response.then().statusCode(200)
                .header("X-Request-Id", equalTo("storefront-42.a"))
                .body("headers.x-request-id", equalTo("storefront-42.a"));
        assertEquals(List.of("storefront-42.a"), response.headers().getValues("X-Request-Id"));
    }

    @Test
    void theAccessLogLineOfARequestCarriesItsId() {
        try (LogCapture log = LogCapture.of("io.quarkus.http.access-log", RequestIds.MDC_KEY)) {
            given().header(RequestIds.HEADER, "access-7.z").when().get("/api/carts/c7").then().statusCode(200);
            LogCapture.Line line = log.await(l -> l.message().contains("\"GET /api/carts/c7 HTTP/1.1\" 200"));
            assertEquals("access-7.z", line.mdc(), line.message());
            assertTrue(line.message().matches(".* \\d+ms$"), "the time the request took: " + line.message());

            String minted = given().header(RequestIds.HEADER, "bad id\" <script>").when().get("/api/carts/c8")
                    .then().statusCode(200).extract().header(RequestIds.HEADER);
            line = log.await(l -> l.message().contains("\"GET /api/carts/c8 HTTP/1.1\" 200"));
            assertEquals(minted, line.mdc(), "the id the client got back, never the invalid one it sent");
        }
    }

    @Test
    void unsafeRequestIdIsReplaced() {
        given().header("X-Request-Id", "bad id\" <script>").when().get("/api/carts/c1")
                .then().statusCode(200)
                .header("X-Request-Id", matchesPattern(UUID));
    }

    @Test
    void largeBodiesStreamBothWays() {
        byte[] body = new byte[512 * 1024];
        new Random(7).nextBytes(body);
        byte[] back = given().header("X-Stub-Echo-Body", "yes").contentType("application/octet-stream").body(body)
                .when().post("/api/carts/c1/items")
                .then().statusCode(200)
                .header("X-Stub-Service", "cart")
                .extract().asByteArray();
        assertArrayEquals(body, back);
    }

    @Test
    void methodHeadersAndBodyReachTheService() {
        given().header("Authorization", "Bearer " + TestTokens.admin())
                .contentType("application/json").body("{\"title\":\"Kind of Blue\"}")
                .when().put("/api/products/sku-1")
                .then().statusCode(200)
                .body("method", equalTo("PUT"))
                .body("headers.content-type", equalTo("application/json"))
                .body("bodyLength", equalTo(24));
    }
}

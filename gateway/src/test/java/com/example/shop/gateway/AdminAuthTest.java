package com.example.shop.gateway;

import com.example.shop.testsupport.TestTokens;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class AdminAuthTest {

    /** Every admin route, one method each; each must be refused at the edge without a valid admin token. */
    static final String ADMIN_ROUTES = """
            POST, /api/products, catalog
            PUT, /api/products/sku-1, catalog
            PATCH, /api/products/sku-1, catalog
            DELETE, /api/products/sku-1, catalog
            POST, /api/product-types, catalog
            POST, /api/admin/catalog/import, catalog
            GET, /api/admin/catalog/export, catalog
            GET, /api/admin/catalog/imports, catalog
            GET, /api/admin/catalog/imports/r1/rejects, catalog
            POST, /api/admin/categories/import, category
            GET, /api/admin/categories/export, category
            POST, /api/admin/inventory/import, cart
            GET, /api/admin/inventory/export, cart
            POST, /api/categories, category
            DELETE, /api/categories/jazz, category
            GET, /api/admin/categories, category
            POST, /api/admin/categories/jazz/move, category
            POST, /api/inventory, cart
            PUT, /api/inventory/sku-1, cart
            GET, /api/admin/jobs, cart
            POST, /api/admin/jobs/expire-carts, cart
            GET, /api/admin/orders, cart
            GET, /api/admin/orders/100001, cart
            POST, /api/admin/orders/100001/cancel, cart
            POST, /api/admin/orders/100001/fulfil, cart
            GET, /api/admin/orders/export, cart
            GET, /api/admin/orders/summary, cart
            GET, /api/admin/webhooks, cart
            POST, /api/admin/webhooks, cart
            PATCH, /api/admin/webhooks/5f0000000000000000000000, cart
            POST, /api/admin/webhooks/5f0000000000000000000000/deliveries/evt_x/redeliver, cart
            """;

    @ParameterizedTest
    @CsvSource(textBlock = ADMIN_ROUTES)
    void noTokenIs401AndNeverReachesTheService(String method, String path, String service) {
        int before = Stubs.requests(service);
        given().when().request(method, path)
                .then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer")
                .body("type", equalTo("https://problems.shop.example/unauthorized"))
                .body("status", equalTo(401));
        assertEquals(before, Stubs.requests(service));
    }

    @ParameterizedTest
    @CsvSource(textBlock = ADMIN_ROUTES)
    void customerTokenIs403(String method, String path, String service) {
        int before = Stubs.requests(service);
        bearer(TestTokens.withRoles("customer")).when().request(method, path)
                .then().statusCode(403)
                .contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/forbidden"))
                .body("status", equalTo(403));
        assertEquals(before, Stubs.requests(service));
    }

    @ParameterizedTest
    @CsvSource(textBlock = ADMIN_ROUTES)
    void adminTokenIsForwardedWithAuthorizationIntact(String method, String path, String service) {
        String token = TestTokens.admin();
        bearer(token).when().request(method, path)
                .then().statusCode(200)
                .body("service", equalTo(service))
                .body("method", equalTo(method))
                .body("headers.authorization", equalTo("Bearer " + token));
    }

    @Test
    void expiredTokenIs401() {
        refused(TestTokens::expiredAdmin);
    }

    @Test
    void forgedTokenIs401() {
        refused(TestTokens::forgedAdmin);
    }

    @Test
    void garbageAndWrongSchemeAre401() {
        bearer("not-a-jwt").when().post("/api/products").then().statusCode(401)
                .contentType("application/problem+json");
        given().header("Authorization", "Basic YWRtaW46YWRtaW4=").when().post("/api/products")
                .then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void adminPathsEscapingThroughDotSegmentsAreStillGuarded() {
        given().urlEncodingEnabled(false).when().get("/api/carts/../admin/jobs")
                .then().statusCode(401);
    }

    @ParameterizedTest
    @CsvSource({
            "GET, /api/products, catalog",
            "HEAD, /api/products/sku-1, catalog",
            "GET, /api/product-types, catalog",
            "GET, /api/categories/jazz, category",
            "GET, /api/inventory/sku-1, cart",
            "POST, /api/carts, cart",
            "PUT, /api/carts/c1/items/sku-1, cart",
            "DELETE, /api/carts/c1/items/sku-1, cart",
            "GET, /api/orders/100001, cart",
    })
    void publicRoutesNeedNoToken(String method, String path, String service) {
        int before = Stubs.requests(service);
        given().when().request(method, path).then().statusCode(200);
        assertEquals(before + 1, Stubs.requests(service));
    }

    @Test
    void anInvalidTokenOnAPublicRouteIsLeftToTheService() {
        // The edge only judges admin routes; a storefront read with a stale token still works.
        bearer(TestTokens.expiredAdmin()).when().get("/api/products")
                .then().statusCode(200).body("service", equalTo("catalog"));
    }

    private static void refused(Supplier<String> token) {
        int before = Stubs.requests("catalog");
        bearer(token.get()).when().post("/api/products")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/unauthorized"));
        assertEquals(before, Stubs.requests("catalog"));
    }

    private static RequestSpecification bearer(String token) {
        return given().header("Authorization", "Bearer " + token);
    }
}

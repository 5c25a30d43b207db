package com.example.shop.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.nullValue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** What the edge changes in a service's answer: Location in public form, caching of admin answers. */
@QuarkusTest
@QuarkusTestResource(StubUpstreams.class)
@QuarkusTestResource(JwtTestResource.class)
class ResponseHeadersTest {

    @ParameterizedTest
    @CsvSource({
            // on the Host the gateway passed through (the client's), as JAX-RS writes it
            "/api/carts, 'http://{host}/carts/c1', /api/carts/c1",
            // on the service's own address
            "/api/carts, 'http://{self}/carts/c1?x=1', /api/carts/c1?x=1",
            "/api/admin/jobs/expire-carts, http://{self}/admin/jobs/runs/abc, /api/admin/jobs/runs/abc",
            // a path
            "/api/admin/jobs/expire-carts, /admin/jobs/runs/abc, /api/admin/jobs/runs/abc",
            "/api/products, /products/kind-of-blue, /api/products/kind-of-blue",
            // not the service's: left alone
            "/api/carts, https://pay.example/session/1, https://pay.example/session/1",
            "/api/carts, /products/kind-of-blue, /products/kind-of-blue",
            "/api/carts, /q/health, /q/health",
            "/api/carts, /api/carts/c1, /api/carts/c1",
    })
    void aServiceLocationIsRewrittenToItsPublicPath(String path, String location, String expected) {
        given().header("Authorization", "Bearer " + TestTokens.admin()).header("X-Stub-Location", location)
                .redirects().follow(false)
                .when().post(path)
                .then().statusCode(200).header("Location", expected);
    }

    @Test
    void adminAnswersAreNotStoredUnlessTheServiceSaidOtherwise() {
        String admin = "Bearer " + TestTokens.admin();
        given().header("Authorization", admin).get("/api/admin/categories/verify")
                .then().statusCode(200).header("Cache-Control", "private, no-store");
        given().header("Authorization", admin).post("/api/products")
                .then().statusCode(200).header("Cache-Control", "private, no-store");
        given().header("Authorization", admin).header("X-Stub-Cache-Control", "no-cache").get("/api/admin/jobs/runs")
                .then().statusCode(200).header("Cache-Control", "no-cache");
        // Public reads are the services' business.
        given().get("/api/products").then().statusCode(200).header("Cache-Control", nullValue());
        given().header("X-Stub-Cache-Control", "public, max-age=30").get("/api/products")
                .then().statusCode(200).header("Cache-Control", "public, max-age=30");
    }
}

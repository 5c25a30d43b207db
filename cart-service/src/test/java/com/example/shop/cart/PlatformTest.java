package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** OpenAPI, health and metrics. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class PlatformTest {

    @Test
    void openApiDescribesEveryEndpoint() {
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body(containsString("/inventory/{sku}"))
                .body(containsString("/inventory/{sku}/restock"))
                .body(containsString("/carts/{id}/items/{sku}"))
                .body(containsString("/carts/{id}/checkout"))
                .body(containsString("Idempotency-Key"))
                .body(containsString("/admin/jobs/{job}"))
                .body(containsString("/admin/jobs/runs/{id}"))
                .body(containsString("\"operationId\" : \"startJobRun\""))
                .body(containsString("\"operationId\" : \"listJobRuns\""))
                .body(containsString("\"operationId\" : \"checkoutCart\""));
    }

    @Test
    void readinessIncludesMongoDb() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body(containsString("MongoDB"));
    }

    @Test
    void countersAreExposed() {
        String sku = newSku("METRIC");
        stock(sku, 3);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        add(cart, sku, 5).then().statusCode(409);
        Api.remove(cart, sku).then().statusCode(200);
        Api.job("expire-carts", "PT0S").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("cart_reservations_total"))
                .body(containsString("cart_compensations_total"))
                .body(containsString("cart_expirations_total"))
                .body(containsString("cart_returned_units_total{reason=\"release\"}"));
    }
}

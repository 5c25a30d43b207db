package com.example.shop.cart;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With MongoDB unreachable the service still starts, reports not ready, and answers 503 problems. */
@QuarkusTest
@TestProfile(ReadinessWithoutDatabaseTest.NoDatabase.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class ReadinessWithoutDatabaseTest {

    public static class NoDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:9",
                    "quarkus.mongodb.server-selection-timeout", "300ms",
                    "quarkus.log.category.\"org.mongodb\".level", "OFF");
        }
    }

    @Test
    void readinessFailsAndRequestsAre503Problems() {
        given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        given().get("/q/health/live").then().statusCode(200);
        given().post("/carts").then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("mongodb"));
        given().get("/inventory/ANY-SKU").then().statusCode(503).contentType("application/problem+json");
    }
}

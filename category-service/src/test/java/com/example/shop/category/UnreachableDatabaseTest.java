package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With MongoDB unreachable: readiness is DOWN and requests are a 503 problem, not a hang or a 500. */
@QuarkusTest
@TestProfile(UnreachableDatabaseTest.NoDatabase.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class UnreachableDatabaseTest {

    public static class NoDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:9",
                    "quarkus.mongodb.server-selection-timeout", "300ms");
        }
    }

    @Test
    void readinessFailsAndRequestsAre503() {
        given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        given().get("/q/health/live").then().statusCode(200);
        given().get("/categories/jazz").then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("mongodb"));
    }
}

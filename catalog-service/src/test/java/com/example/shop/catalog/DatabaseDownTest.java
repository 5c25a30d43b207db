package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.JwtTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With MongoDB unreachable the service starts, is not ready, and answers 503 problems. */
@QuarkusTest
@TestProfile(DatabaseDownTest.NoDatabase.class)
class DatabaseDownTest {

    public static class NoDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:9",
                    "quarkus.mongodb.server-selection-timeout", "300ms");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(JwtTestResource.class));
        }
    }

    @Test
    void notReadyAndReadsAre503() {
        given().when().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        given().when().get("/q/health/live").then().statusCode(200);
        given().when().get("/products/any").then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("mongodb"));
        given().when().get("/products").then().statusCode(503).contentType("application/problem+json");
    }
}

package com.example.shop.web.database;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An index on {@code sku} exists under another name but is NOT unique: it does not do the job of
 * the service's unique index, so readiness stays DOWN (naming the conflict) and a write relying
 * on uniqueness is refused with a 503 rather than done without it. The other index is created.
 */
@QuarkusTest
@TestProfile(ConflictingIndexTest.PlainSku1.class)
class ConflictingIndexTest {

    public static class PlainSku1 implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PrecreatedIndexResource.class, Map.of("unique", "false")));
        }
    }

    @Test
    void readinessStaysDownAndNamesTheConflict() throws InterruptedException {
        Thread.sleep(1000); // several retries (every 200 ms)
        given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'mongodb-schema' }.status", equalTo("DOWN"))
                .body("checks.find { it.name == 'mongodb-schema' }.data.pending", containsString("sku_unique"));
        given().get("/probe/indexes").then().statusCode(200)
                .body("name", equalTo(List.of("_id_", "sku_1", "status_at")));
        given().contentType("application/json").body("{\"sku\":\"c\"}").post("/probe/indexed")
                .then().statusCode(503).body("dependency", equalTo("mongodb"));
    }
}

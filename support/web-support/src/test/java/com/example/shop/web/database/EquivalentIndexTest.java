package com.example.shop.web.database;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A unique index on {@code sku} exists under another name ({@code sku_1}, as {@code shardCollection}
 * leaves it): MongoDB refuses {@code sku_unique} with error 85, and the service counts the
 * existing index as its own. Readiness is UP and the index is not doubled.
 */
@QuarkusTest
@TestProfile(EquivalentIndexTest.UniqueSku1.class)
class EquivalentIndexTest {

    public static class UniqueSku1 implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PrecreatedIndexResource.class, Map.of("unique", "true")));
        }
    }

    @Test
    void theExistingIndexCountsAsPresent() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'mongodb-schema' }.status", equalTo("UP"));
        given().get("/probe/indexes").then().statusCode(200)
                .body("name", equalTo(List.of("_id_", "sku_1", "status_at")));
        given().contentType("application/json").body("{\"sku\":\"b\"}").post("/probe/indexed").then().statusCode(201);
    }
}

package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** OpenAPI, health, metrics and the indexes created at startup. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class OperationsTest {

    @Test
    void openApiDescribesTheEndpointsAndTheirProblems() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("paths", hasKey("/products"))
                .body("paths", hasKey("/products/{sku}"))
                .body("paths", hasKey("/product-types"))
                .body("paths", hasKey("/product-types/{name}"))
                .body("paths.'/products'.get.parameters.name", hasItem("minSavingsPct"))
                .body("paths.'/products'.get.parameters.name", hasItem("cursor"))
                .body("paths.'/products/{sku}'.put.responses", hasKey("412"))
                .body("paths.'/products/{sku}'.put.responses", hasKey("428"))
                .body("paths.'/products/{sku}'.put.responses.'412'.content", hasKey("application/problem+json"))
                .body("paths.'/products'.post.responses", hasKey("409"))
                .body("paths.'/products/{sku}'.get.responses.'200'.content.'application/json'.schema.'$ref'",
                        containsString("Product"))
                .body("components.schemas.Product.properties", hasKey("pricing"))
                .body("components.schemas.Pricing.properties", hasKey("pct_savings"));
    }

    @Test
    void readyWhenTheDatabaseAnswers() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("mongodb-schema"));
    }

    @Test
    void prometheusMetrics() {
        given().when().get("/products/metrics-probe").then().statusCode(404);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("http_server_requests_seconds_count"))
                .body(containsString("jvm_memory_used_bytes"));
    }

    @Test
    void theBooksIndexesExist() {
        List<Document> indexes = TestDatabase.database("catalog").getCollection("products").listIndexes()
                .into(new ArrayList<>());
        Document sku = indexes.stream().filter(i -> i.get("key", Document.class).equals(new Document("sku", 1)))
                .findFirst().orElse(null);
        org.junit.jupiter.api.Assertions.assertNotNull(sku, "unique sku index: " + indexes);
        assertTrue(sku.getBoolean("unique", false), "sku index is unique");
        if (!MongoTestResource.isEmbedded()) { // the embedded server accepts but does not keep non-unique indexes
            List<Document> keys = indexes.stream().map(i -> i.get("key", Document.class)).toList();
            for (Document expected : List.of(new Document("pricing.pct_savings", 1),
                    new Document("type", 1).append("details.genre", 1).append("details.issue_date", -1),
                    new Document("type", 1).append("details.actor", 1).append("details.issue_date", -1),
                    new Document("type", 1).append("details.issue_date", -1).append("title", 1),
                    new Document("keywords", 1), new Document("category_ids", 1))) {
                assertTrue(keys.contains(expected), "missing index " + expected.toJson());
            }
        }
    }

    @Test
    void unknownPathIsAProblem() {
        given().when().get("/nowhere").then().statusCode(404).contentType("application/problem+json")
                .body("status", notNullValue());
    }
}

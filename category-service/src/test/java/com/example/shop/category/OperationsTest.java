package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** OpenAPI, health and metrics. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class OperationsTest {

    @Test
    void openApiDescribesEveryEndpoint() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("paths.'/categories'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories'.post", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}'.patch", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}'.delete", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}/children'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}/descendants'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/categories/{slug}/subtree-ids'.get.responses.'200'", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/verify'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/repair'.post", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/import'.post.requestBody.content.'application/x-ndjson'", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/import'.post.responses.'202'", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/imports'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/imports/{id}'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/imports/{id}/rejects'.get", org.hamcrest.Matchers.notNullValue())
                .body("paths.'/admin/categories/export'.get.responses.'200'.content.'application/x-ndjson'", org.hamcrest.Matchers.notNullValue())
                .body("components.schemas.SubtreeIds.properties.ids.type", equalTo("array"));
    }

    @Test
    void readyWithTheDatabase() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void movesAreCountedInPrometheusMetrics() {
        Trees.reset();
        new Model().add("A", "a", null).add("B", "b", null);
        Api.move("b", "a").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("category_moves_total"))
                .body(containsString("category_move_duration_seconds"))
                .body(containsString("http_server_requests_seconds"));
    }
}

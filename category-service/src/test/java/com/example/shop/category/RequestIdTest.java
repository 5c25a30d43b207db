package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.matchesPattern;

import com.example.shop.category.support.Api;
import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * X-Request-Id as the catalog's calls and the gateway bring it: kept when valid, replaced when not,
 * minted when absent, and answered in every case (web-support's TakeRequestId, whose log lines and
 * forwarding web-support's own tests prove).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class RequestIdTest {

    static final String UUID_SHAPE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @Test
    void theCallersIdIsAnsweredOnReadsAndProblems() {
        String slug = "rid-" + UUID.randomUUID().toString().substring(0, 8);
        Api.created("Request ids", slug, null);
        given().header(RequestIds.HEADER, "catalog-call-1").get("/categories/" + slug + "/subtree-ids")
                .then().statusCode(200).header(RequestIds.HEADER, "catalog-call-1");
        given().header(RequestIds.HEADER, "catalog-call-2").get("/categories/no-such-" + slug + "/subtree-ids")
                .then().statusCode(404).header(RequestIds.HEADER, "catalog-call-2");
        given().header(RequestIds.HEADER, "admin-3").contentType(ContentType.JSON)
                .body("{\"name\":\"No token\",\"slug\":\"" + slug + "-x\",\"parent\":null}").post("/categories")
                .then().statusCode(401).header(RequestIds.HEADER, "admin-3");
    }

    @Test
    void anAbsentOrInvalidIdIsReplacedByANewOne() {
        given().get("/categories").then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID_SHAPE));
        given().header(RequestIds.HEADER, "a b").get("/categories")
                .then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID_SHAPE));
        given().header(RequestIds.HEADER, "z".repeat(RequestIds.MAX_LENGTH + 1)).get("/categories")
                .then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID_SHAPE));
    }
}

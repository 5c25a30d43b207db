package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** Every bad request is a 4xx problem naming what is wrong, and leaves the database as it was. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class BadInputTest {

    /** Runs the request and checks status, problem media type, and that the database did not change. */
    private static ValidatableResponse refused(int status, Supplier<io.restassured.response.Response> request) {
        List<Document> before = TestDatabase.snapshot("catalog");
        ValidatableResponse response = request.get().then().statusCode(status).contentType("application/problem+json")
                .body("status", equalTo(status));
        assertEquals(before, TestDatabase.snapshot("catalog"), "the database changed");
        return response;
    }

    private static ValidatableResponse postRefused(Object body) {
        return refused(400, () -> admin().body(body).when().post("/products"));
    }

    private static Map<String, Object> with(String sku, String field, Object value) {
        Map<String, Object> body = anAlbum(sku);
        body.put(field, value);
        return body;
    }

    @Test
    void malformedJson() {
        refused(400, () -> admin().body("{\"sku\": \"x\", ").when().post("/products"))
                .body("type", equalTo("https://problems.shop.example/malformed-json"));
    }

    @Test
    void wrongJsonTypes() {
        String sku = sku("bad");
        postRefused(with(sku, "title", 42)).body("field", equalTo("title"));
        postRefused(with(sku, "category_ids", "aaaaaaaaaaaaaaaaaaaa0001")).body("field", equalTo("category_ids"));
        postRefused(with(sku, "details", "not an object")).body("field", equalTo("details"));
        refused(400, () -> admin().body("[1,2]").when().post("/products"));
    }

    @Test
    void operatorObjectWhereAStringIsExpected() {
        postRefused(with(sku("bad"), "title", Map.of("$ne", ""))).body("field", equalTo("title"));
        postRefused(with(sku("bad"), "sku", Map.of("$gt", ""))).body("field", equalTo("sku"));
        Map<String, Object> body = anAlbum(sku("bad"));
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) body.get("details");
        Map<String, Object> operator = new java.util.HashMap<>();
        operator.put("$ne", null);
        details.put("artist", operator);
        postRefused(body).body("field", equalTo("details.artist"));
    }

    @Test
    void unknownQueryParameters() {
        refused(400, () -> given().queryParam("gnre", "Jazz").when().get("/products"))
                .body("field", equalTo("gnre")).body("detail", containsString("gnre"));
        refused(400, () -> given().queryParam("type[$ne]", "x").when().get("/products"))
                .body("field", equalTo("type[$ne]"));
        refused(400, () -> given().queryParam("actor", "Keanu Reeves").queryParam("actor", "Tom Cruise").when().get("/products"))
                .body("field", equalTo("actor"));
    }

    @Test
    void unknownBodyField() {
        postRefused(with(sku("bad"), "colour", "red")).body("field", equalTo("colour"));
        Map<String, Object> body = anAlbum(sku("bad"));
        body.put("_id", "x");
        postRefused(body).body("field", equalTo("_id"));
    }

    @Test
    void missingRequiredFields() {
        for (String field : List.of("sku", "type", "title", "pricing", "details")) {
            Map<String, Object> body = anAlbum(sku("bad"));
            body.remove(field);
            postRefused(body).body("field", equalTo(field));
        }
        Map<String, Object> body = anAlbum(sku("bad"));
        body.put("pricing", Map.of("currency", "USD", "list", 100));
        postRefused(body).body("field", equalTo("pricing.retail"));
    }

    @Test
    void negativeOrFractionalOrStringMoney() {
        String sku = sku("bad");
        postRefused(with(sku, "pricing", Map.of("currency", "USD", "list", -1, "retail", 0)))
                .body("field", equalTo("pricing.list"));
        postRefused(with(sku, "pricing", Map.of("currency", "USD", "list", 1000, "retail", 9.99)))
                .body("field", equalTo("pricing.retail"));
        postRefused(with(sku, "pricing", Map.of("currency", "USD", "list", "1000", "retail", 10)))
                .body("field", equalTo("pricing.list"));
        postRefused(with(sku, "pricing", Map.of("currency", "USD", "list", 1000, "retail", 1001)))
                .body("field", equalTo("pricing.retail"));
        postRefused(with(sku, "pricing", Map.of("currency", "usd", "list", 1000, "retail", 10)))
                .body("field", equalTo("pricing.currency"));
        postRefused(with(sku, "pricing", Map.of("currency", "USD", "list", 1000, "retail", 10, "pct_savings", 1)))
                .body("field", equalTo("pricing.pct_savings"));
    }

    @Test
    void unknownProductType() {
        postRefused(with(sku("bad"), "type", "Spaceship")).body("field", equalTo("type"))
                .body("detail", containsString("Spaceship"));
    }

    @Test
    void badCategoryIdsAndKeywords() {
        postRefused(with(sku("bad"), "category_ids", List.of("aaaaaaaaaaaaaaaaaaaa0001", "nope")))
                .body("field", equalTo("category_ids[1]"));
        postRefused(with(sku("bad"), "keywords", List.of(" "))).body("field", equalTo("keywords[0]"));
        postRefused(with("bad sku!", "title", "t")).body("field", equalTo("sku"));
    }

    @Test
    void limitOutOfRangeOrNotANumber() {
        for (String limit : List.of("0", "101", "-5", "ten", "1.5")) {
            refused(400, () -> given().queryParam("limit", limit).when().get("/products")).body("field", equalTo("limit"));
        }
        refused(400, () -> given().queryParam("minSavingsPct", "abc").when().get("/products"))
                .body("field", equalTo("minSavingsPct"));
        refused(400, () -> given().queryParam("minSavingsPct", "101").when().get("/products"))
                .body("field", equalTo("minSavingsPct"));
    }

    @Test
    void unknownSort() {
        refused(400, () -> given().queryParam("sort", "price;drop").when().get("/products"))
                .body("field", equalTo("sort")).body("detail", containsString("-pct_savings"));
        refused(400, () -> given().queryParam("sort", "pricing.retail").when().get("/products"))
                .body("field", equalTo("sort"));
    }

    @Test
    void blankFilter() {
        refused(400, () -> given().queryParam("title", "  ").when().get("/products")).body("field", equalTo("title"));
    }

    @Test
    void bodyOver1MiB() {
        Map<String, Object> body = new LinkedHashMap<>(anAlbum(sku("big")));
        body.put("description", "x".repeat(1_100_000));
        refused(413, () -> admin().body(body).when().post("/products"))
                .body("type", equalTo("https://problems.shop.example/payload-too-large"));
    }

    @Test
    void unknownSku() {
        refused(404, () -> given().when().get("/products/unknown-sku-42")).body("detail", containsString("unknown-sku-42"));
    }

    @Test
    void staleAndMissingIfMatch() {
        String sku = sku("bad");
        Fixtures.create(anAlbum(sku));
        refused(412, () -> admin().header("If-Match", "7").body(anAlbum(sku)).when().put("/products/" + sku));
        refused(428, () -> admin().body(anAlbum(sku)).when().put("/products/" + sku));
        refused(400, () -> admin().header("If-Match", "0").body(anAlbum(sku)).when().put("/products/" + sku))
                .body("field", equalTo("If-Match"));
    }

    @Test
    void invalidPutBodyChangesNothing() {
        String sku = sku("bad");
        Fixtures.create(anAlbum(sku));
        Map<String, Object> body = anAlbum(sku);
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) body.get("details");
        details.put("issue_date", "1965-02-30");
        refused(400, () -> admin().header("If-Match", "1").body(body).when().put("/products/" + sku))
                .body("field", equalTo("details.issue_date"));
    }

    @Test
    void tamperedCursor() {
        refused(400, () -> given().queryParam("cursor", "eyJza3UiOnsiJGd0IjoiIn19").when().get("/products"))
                .body("field", equalTo("cursor"));
    }
}

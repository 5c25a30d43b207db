package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.create;
import static com.example.shop.catalog.Fixtures.product;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * max_per_cart: the most units of a product one cart may hold. The product's own value, else its
 * type's, else the platform default (10); the product shows the value in force.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class PerCartLimitTest {

    @Test
    void aProductWithoutOneShowsThePlatformDefault() {
        String sku = sku("limit-default");
        create(anAlbum(sku));
        given().get("/products/" + sku).then().statusCode(200).body("max_per_cart", equalTo(10));
    }

    @Test
    void aProductsOwnValueWinsAndCanBeRemovedAgain() {
        String sku = sku("limit-own");
        Map<String, Object> body = anAlbum(sku);
        body.put("max_per_cart", 4);
        admin().body(body).post("/products").then().statusCode(201).body("max_per_cart", equalTo(4));
        given().get("/products/" + sku).then().body("max_per_cart", equalTo(4));
        given().queryParam("titlePrefix", "A Love Supreme").queryParam("limit", 100).get("/products")
                .then().statusCode(200).body("items.find { it.sku == '" + sku + "' }.max_per_cart", equalTo(4));

        Map<String, Object> without = anAlbum(sku);
        admin().header("If-Match", "\"1\"").body(without).put("/products/" + sku).then().statusCode(200)
                .body("max_per_cart", equalTo(10));
    }

    @Test
    void aTypeGivesItsProductsTheirDefault() {
        String type = "Poster " + UUID.randomUUID().toString().substring(0, 6);
        admin().body(Map.of("name", type, "attributes", List.of(Map.of("name", "artist", "type", "string")),
                "max_per_cart", 2)).post("/product-types").then().statusCode(201).body("max_per_cart", equalTo(2));
        given().get("/product-types/" + type).then().body("max_per_cart", equalTo(2));

        String inherits = sku("poster");
        create(product(inherits, type, "Blue Note", Map.of("artist", "Reid Miles"), 2000, 1500));
        given().get("/products/" + inherits).then().body("max_per_cart", equalTo(2));

        String overrides = sku("poster");
        Map<String, Object> body = product(overrides, type, "Blue Note", Map.of("artist", "Reid Miles"), 2000, 1500);
        body.put("max_per_cart", 6);
        create(body);
        given().get("/products/" + overrides).then().body("max_per_cart", equalTo(6));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1001", "-1", "\"4\"", "2.5", "{\"$gt\": 1}", "true"})
    void anInvalidValueIsA400NamingTheFieldAndChangesNothing(String value) {
        String sku = sku("limit-bad");
        String json = "{\"sku\":\"" + sku + "\",\"type\":\"Audio Album\",\"title\":\"T\","
                + "\"pricing\":{\"currency\":\"USD\",\"list\":100,\"retail\":100},"
                + "\"details\":{\"artist\":\"A\",\"genre\":[\"Jazz\"],\"issue_date\":\"1960-01-01\"},"
                + "\"max_per_cart\":" + value + "}";
        var before = TestDatabase.snapshot("catalog");
        admin().body(json).post("/products").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("max_per_cart"));
        admin().body(Map.of("name", "Bad " + UUID.randomUUID().toString().substring(0, 6), "attributes", List.of(),
                "max_per_cart", 0)).post("/product-types").then().statusCode(400).body("field", equalTo("max_per_cart"));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void eachProductShowsWhereItsLimitComesFrom() {
        String type = "Print " + UUID.randomUUID().toString().substring(0, 6);
        admin().body(Map.of("name", type, "attributes", List.of(Map.of("name", "artist", "type", "string")),
                "max_per_cart", 3)).post("/product-types").then().statusCode(201);
        String fromType = sku("print");
        create(product(fromType, type, "Blue Train", Map.of("artist", "Reid Miles"), 2000, 1500));
        given().get("/products/" + fromType).then().body("max_per_cart", equalTo(3)).body("max_per_cart_source", equalTo("type"));

        String fromPlatform = sku("limit-platform");
        create(anAlbum(fromPlatform));
        given().get("/products/" + fromPlatform).then().body("max_per_cart", equalTo(10)).body("max_per_cart_source", equalTo("platform"));

        String own = sku("limit-own");
        Map<String, Object> body = anAlbum(own);
        body.put("max_per_cart", 10);
        create(body);
        given().get("/products/" + own).then().body("max_per_cart", equalTo(10)).body("max_per_cart_source", equalTo("product"));
    }

    /** A client that GETs a product and PUTs it back (as an editor does) must not pin today's inherited limit. */
    @Test
    void aRoundTripKeepsAnInheritedLimitInheritedAndAChangedOneBecomesTheProducts() {
        String sku = sku("limit-roundtrip");
        create(anAlbum(sku));
        Map<String, Object> shown = given().get("/products/" + sku).then().statusCode(200).extract().jsonPath().getMap("");
        assertEquals("platform", shown.get("max_per_cart_source"));

        admin().header("If-Match", "\"1\"").body(shown).put("/products/" + sku).then().statusCode(200)
                .body("max_per_cart", equalTo(10)).body("max_per_cart_source", equalTo("platform"));
        assertEquals(null, TestDatabase.database("catalog").getCollection("products")
                .find(new Document("sku", sku)).first().get("max_per_cart"), "the inherited value sent back is not stored");

        Map<String, Object> changed = given().get("/products/" + sku).then().extract().jsonPath().getMap("");
        changed.put("max_per_cart", 2);
        admin().header("If-Match", "\"2\"").body(changed).put("/products/" + sku).then().statusCode(200)
                .body("max_per_cart", equalTo(2)).body("max_per_cart_source", equalTo("product"));
    }

    @Test
    void anUnknownSourceIsA400NamingTheField() {
        String sku = sku("limit-source");
        Map<String, Object> body = anAlbum(sku);
        body.put("max_per_cart_source", "elsewhere");
        admin().body(body).post("/products").then().statusCode(400).body("field", equalTo("max_per_cart_source"));
        given().get("/products/" + sku).then().statusCode(404);
    }
}

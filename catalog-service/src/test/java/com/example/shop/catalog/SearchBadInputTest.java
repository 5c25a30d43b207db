package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/** The new listing parameters refuse what they cannot mean with a 400 problem naming them, never a 500. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class SearchBadInputTest {

    private static ValidatableResponse refused(String parameter, String value) {
        return given().queryParam(parameter, value).when().get("/products").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo(parameter));
    }

    @Test
    void unknownFacet() {
        refused("facets", "nope").body("detail", containsString("nope"));
        refused("facets", "type,nope");
        refused("facets", "type,");
    }

    @Test
    void aQueryTextOverTwoHundredCharacters() {
        refused("q", "x".repeat(10_000));
        refused("q", "word ".repeat(41));
        given().queryParam("q", "x".repeat(200)).when().get("/products").then().statusCode(200);
        refused("q", "   ");
    }

    @Test
    void longTextsAtTheLimitAreAnsweredNotFailed() {
        for (String text : java.util.List.of("a".repeat(200), "ab".repeat(100), "*?.[](){}\\".repeat(20),
                "coltrain ".repeat(22).strip(), "é".repeat(200))) {
            for (String parameter : java.util.List.of("title", "titlePrefix", "q", "keyword", "genre", "actor")) {
                given().queryParam(parameter, text).queryParam("facets", "type,genre,price").when().get("/products")
                        .then().statusCode(200);
            }
        }
    }

    @Test
    void aPriceRangeThatIsNotOne() {
        refused("price", "-5-100");
        refused("price", "-100");
        refused("price", "100-50");
        refused("price", "abc");
        refused("price", "1e3-");
        refused("price", "99999999999999-");
        given().queryParam("price", "0-1000").queryParam("price", "5000-").when().get("/products").then().statusCode(200);
    }

    @Test
    void tooManyValuesOfARepeatableParameter() {
        var request = given();
        for (int i = 0; i < 21; i++) {
            request.queryParam("genre", "g" + i);
        }
        request.when().get("/products").then().statusCode(400).body("field", equalTo("genre"));
    }

    @Test
    void aCursorOfAnotherQueryTextIsRefused() {
        Fixtures.create(Fixtures.anAlbum(Fixtures.sku("cur")));
        Fixtures.create(Fixtures.anAlbum(Fixtures.sku("cur")));
        String next = given().queryParam("limit", 1).queryParam("sort", "title").when().get("/products").then().statusCode(200)
                .extract().jsonPath().getString("next");
        given().queryParam("limit", 1).queryParam("q", "anything").queryParam("sort", "title").queryParam("cursor", next)
                .when().get("/products").then().statusCode(400).body("field", equalTo("cursor"));
        given().queryParam("limit", 1).queryParam("cursor", "AAAA").when().get("/products").then().statusCode(400)
                .body("field", equalTo("cursor"));
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.lessThan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bad input is a 4xx problem naming the field, and the database is exactly as before. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class BadInputTest {

    private List<Document> before;

    @BeforeEach
    void tree() {
        Trees.reset();
        new Model().add("Jazz", "jazz", null).add("Bop", "bop", "jazz");
        before = TestDatabase.snapshot("categories");
    }

    @AfterEach
    void nothingChanged() {
        assertEquals(before, TestDatabase.snapshot("categories"));
    }

    static Stream<Arguments> badCreateBodies() {
        String long65 = "a".repeat(65);
        return Stream.of(
                Arguments.of("{\"name\":\"X\",\"slug\":\"\"}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"two words\"}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"Upper\"}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"" + long65 + "\"}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"$where\"}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"a--b\"}", "slug"),
                Arguments.of("{\"name\":\"X\"}", "slug"),
                Arguments.of("{\"slug\":\"x\"}", "name"),
                Arguments.of("{\"name\":\"   \",\"slug\":\"x\"}", "name"),
                Arguments.of("{\"name\":\"" + "n".repeat(201) + "\",\"slug\":\"x\"}", "name"),
                Arguments.of("{\"name\":5,\"slug\":\"x\"}", "name"),
                Arguments.of("{\"name\":\"X\",\"slug\":[\"x\"]}", "slug"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"x\",\"parent\":{\"$ne\":null}}", "parent"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"x\",\"parent\":{\"slug\":\"jazz\"}}", "parent"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"x\",\"parent\":\"Jazz Music\"}", "parent"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"x\",\"parent\":true}", "parent"),
                Arguments.of("{\"name\":\"X\",\"slug\":\"x\",\"colour\":\"red\"}", "colour"));
    }

    @ParameterizedTest
    @MethodSource("badCreateBodies")
    void badCreateBody(String body, String field) {
        Api.asAdmin().body(body).post("/categories").then()
                .statusCode(400).contentType("application/problem+json")
                .body("field", equalTo(field))
                .body("detail", containsString(field));
    }

    static Stream<Arguments> badPatchBodies() {
        return Stream.of(
                Arguments.of("{\"slug\":\"Bad Slug\"}", "slug"),
                Arguments.of("{\"slug\":\"" + "b".repeat(65) + "\"}", "slug"),
                Arguments.of("{\"slug\":null}", "slug"),
                Arguments.of("{\"name\":null}", "name"),
                Arguments.of("{\"name\":\"" + "n".repeat(201) + "\"}", "name"),
                Arguments.of("{\"name\":[\"x\"]}", "name"),
                Arguments.of("{\"parent\":{\"slug\":\"jazz\"}}", "parent"),
                Arguments.of("{\"parent\":\"$jazz\"}", "parent"),
                Arguments.of("{\"parent\":7}", "parent"),
                Arguments.of("{\"ancestors\":[]}", "ancestors"));
    }

    @ParameterizedTest
    @MethodSource("badPatchBodies")
    void badPatchBody(String body, String field) {
        Api.asAdmin().body(body).patch("/categories/bop").then()
                .statusCode(400).contentType("application/problem+json")
                .body("field", equalTo(field));
    }

    @Test
    void emptyPatchAndMalformedJson() {
        Api.asAdmin().body("{}").patch("/categories/bop").then().statusCode(400).contentType("application/problem+json");
        Api.asAdmin().body("{\"name\":").post("/categories").then().statusCode(400).contentType("application/problem+json");
        Api.asAdmin().body("[]").post("/categories").then().statusCode(400).contentType("application/problem+json");
        Api.asAdmin().body("").post("/categories").then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void invalidSlugsInPaths() {
        for (String path : List.of("/categories/Jazz", "/categories/a%20b", "/categories/%24where",
                "/categories/" + "a".repeat(65) + "/children", "/categories/BOP/subtree-ids")) {
            given().get(path).then().statusCode(400).contentType("application/problem+json").body("field", equalTo("slug"));
        }
        Api.asAdmin().body("{\"name\":\"X\"}").patch("/categories/Bop").then().statusCode(400).body("field", equalTo("slug"));
        Api.asAdmin().delete("/categories/B$").then().statusCode(400).body("field", equalTo("slug"));
    }

    @Test
    void unknownAndInvalidQueryParameters() {
        given().queryParam("sort", "name").get("/categories").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("sort"));
        given().queryParam("parent[$ne]", "x").get("/categories/jazz/children").then().statusCode(400)
                .body("field", equalTo("parent[$ne]"));
        given().queryParam("depth", 2).get("/categories/jazz/subtree-ids").then().statusCode(400).body("field", equalTo("depth"));
        given().queryParam("limit", 0).get("/categories").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("limit", 100000).get("/categories/jazz/descendants").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("limit", "ten").get("/categories").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("tree", "yes").get("/categories").then().statusCode(400).body("field", equalTo("tree"));
        given().queryParam("cursor", "{\"$gt\":\"\"}").get("/categories/jazz/descendants").then().statusCode(400)
                .body("field", equalTo("cursor"));
        given().queryParam("cursor", "Not A Slug").get("/categories").then().statusCode(400).body("field", equalTo("cursor"));
        Api.asAdmin().queryParam("force", true).delete("/categories/bop").then().statusCode(400).body("field", equalTo("force"));
    }

    @Test
    void problemsAre4xx() {
        given().get("/categories/jazz/nothing-here").then().statusCode(greaterThanOrEqualTo(400)).statusCode(lessThan(500))
                .contentType("application/problem+json");
    }
}

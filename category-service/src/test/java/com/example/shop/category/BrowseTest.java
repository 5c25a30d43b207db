package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reads: roots, children, descendants with limit/cursor, the nested tree. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class BrowseTest {

    @BeforeEach
    void tree() {
        Trees.reset();
        new Model()
                .add("Jazz", "jazz", null)
                .add("Blues", "blues", null)
                .add("Rock", "rock", null)
                .add("Bop", "bop", "jazz")
                .add("Swing", "swing", "jazz")
                .add("Cool", "cool", "jazz")
                .add("Hard Bop", "hard-bop", "bop");
    }

    @Test
    void rootsArePagedBySlug() {
        String next = given().queryParam("limit", 2).get("/categories").then().statusCode(200)
                .body("items.slug", contains("blues", "jazz"))
                .body("items[0].breadcrumbs.size()", equalTo(0))
                .extract().path("next");
        given().queryParam("limit", 2).queryParam("cursor", next).get("/categories").then().statusCode(200)
                .body("items.slug", contains("rock")).body("next", nullValue());
    }

    @Test
    void childrenAndDescendantsArePaged() {
        given().queryParam("limit", 2).get("/categories/jazz/children").then().statusCode(200)
                .body("items.slug", contains("bop", "cool")).body("next", equalTo("cool"));
        given().queryParam("cursor", "cool").get("/categories/jazz/children").then().statusCode(200)
                .body("items.slug", contains("swing")).body("next", nullValue());
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            var request = given().queryParam("limit", 3);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            var json = request.get("/categories/jazz/descendants").then().statusCode(200).extract().jsonPath();
            all.addAll(json.getList("items.slug"));
            cursor = json.getString("next");
        } while (cursor != null);
        assertEquals(List.of("bop", "cool", "hard-bop", "swing"), all.stream().sorted().toList());
        given().get("/categories/hard-bop/descendants").then().statusCode(200).body("items.size()", equalTo(0));
        given().get("/categories/nope/children").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void wholeTreeNested() {
        given().queryParam("tree", true).get("/categories").then().statusCode(200)
                .body("count", equalTo(7))
                .body("roots.slug", contains("blues", "jazz", "rock"))
                .body("roots[1].children.slug", contains("bop", "cool", "swing"))
                .body("roots[1].children[0].children.slug", contains("hard-bop"));
        given().queryParam("tree", true).queryParam("limit", 5).get("/categories").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("limit"));
    }

    @Test
    void breadcrumbsAndParent() {
        given().get("/categories/hard-bop").then().statusCode(200)
                .body("slug", equalTo("hard-bop")).body("name", equalTo("Hard Bop"))
                .body("parent", equalTo("bop"))
                .body("id", org.hamcrest.Matchers.matchesPattern("^[0-9a-f]{24}$"))
                .body("breadcrumbs.slug", contains("jazz", "bop"))
                .body("breadcrumbs.name", contains("Jazz", "Bop"));
    }
}

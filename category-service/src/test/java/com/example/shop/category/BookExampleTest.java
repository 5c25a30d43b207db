package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The book's walk-through (Chapter 5, Category Hierarchy), with breadcrumbs checked at every node after each step. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class BookExampleTest {

    @BeforeEach
    void clean() {
        Trees.reset();
    }

    @Test
    void buildAddMoveRename() {
        Model model = new Model()
                .add("Ragtime", "ragtime", null)
                .add("Bop", "bop", "ragtime")
                .add("Modal Jazz", "modal-jazz", "bop")
                .add("Hard Bop", "hard-bop", "bop")
                .add("Free Jazz", "free-jazz", "bop")
                .add("Cool Jazz", "cool-jazz", "modal-jazz");
        model.assertBreadcrumbsEverywhere();

        // Figure 5-2: add Swing under Ragtime
        model.add("Swing", "swing", "ragtime");
        model.assertBreadcrumbsEverywhere();
        given().get("/categories/swing").then().statusCode(200)
                .body("breadcrumbs.slug", contains("ragtime"))
                .body("breadcrumbs.name", contains("Ragtime"));

        // Figure 5-3: move Bop (and its subtree) under Swing
        Api.move("bop", "swing").then().statusCode(200)
                .body("parent", equalTo("swing"))
                .body("breadcrumbs.slug", contains("ragtime", "swing"));
        model.parent.put("bop", "swing");
        model.assertBreadcrumbsEverywhere();
        given().get("/categories/cool-jazz").then().statusCode(200)
                .body("breadcrumbs.slug", contains("ragtime", "swing", "bop", "modal-jazz"));

        // Figure 5-4: rename Bop to BeBop
        Api.rename("bop", "BeBop").then().statusCode(200).body("name", equalTo("BeBop"));
        model.name.put("bop", "BeBop");
        model.assertBreadcrumbsEverywhere();
        given().get("/categories/hard-bop").then().statusCode(200)
                .body("breadcrumbs.name", contains("Ragtime", "Swing", "BeBop"));

        // and back to the root: Bop becomes a root, its subtree follows
        Api.move("bop", null).then().statusCode(200).body("parent", nullValue());
        model.parent.put("bop", null);
        model.assertBreadcrumbsEverywhere();

        Api.verify().then().statusCode(200).body("healthy", equalTo(true)).body("findings.size()", equalTo(0));
    }
}

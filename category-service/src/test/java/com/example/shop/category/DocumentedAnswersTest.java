package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.PublishedSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The category service's answers agree with the document it publishes (the one the gateway merges):
 * a page of children or descendants has {@code next} null on the last page, and a root category has
 * {@code parent} null: real states, so the document says each member is a string or null, and is
 * always there.
 *
 * <p>And the document keeps what it documents: every operation at least the statuses recorded in
 * {@code documented-statuses.txt}, each problem answer with the problem body, whether a resource
 * declares the answer or web-support's ProblemDocumentation adds it.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class DocumentedAnswersTest {

    private PublishedSchema document;

    @BeforeEach
    void tree() {
        Trees.reset();
        new Model()
                .add("Jazz", "jazz", null)
                .add("Bop", "bop", "jazz")
                .add("Swing", "swing", "jazz")
                .add("Hard Bop", "hard-bop", "bop");
        document = PublishedSchema.ofTheServiceUnderTest();
    }

    @Test
    void everyOperationKeepsItsDocumentedStatuses() {
        document.assertKeepsStatuses("/documented-statuses.txt");
    }

    @Test
    void childrenPagesWithAndWithoutNext() {
        Response first = given().queryParam("limit", 1).get("/categories/jazz/children");
        first.then().statusCode(200).body("items.slug", contains("bop")).body("next", notNullValue());
        document.assertConforms("GET", "/categories/{slug}/children", first);

        Response last = given().queryParam("cursor", first.path("next").toString()).get("/categories/jazz/children");
        last.then().statusCode(200).body("items.slug", contains("swing")).body("next", nullValue());
        document.assertConforms("GET", "/categories/{slug}/children", last);

        Response none = given().get("/categories/hard-bop/children");
        none.then().statusCode(200).body("items.size()", equalTo(0)).body("next", nullValue());
        document.assertConforms("GET", "/categories/{slug}/children", none);
    }

    @Test
    void descendantsPagesWithAndWithoutNext() {
        Response first = given().queryParam("limit", 2).get("/categories/jazz/descendants");
        first.then().statusCode(200).body("items.size()", equalTo(2)).body("next", notNullValue());
        document.assertConforms("GET", "/categories/{slug}/descendants", first);

        Response last = given().queryParam("limit", 2).queryParam("cursor", first.path("next").toString())
                .get("/categories/jazz/descendants");
        last.then().statusCode(200).body("items.size()", equalTo(1)).body("next", nullValue());
        document.assertConforms("GET", "/categories/{slug}/descendants", last);
    }

    @Test
    void oneCategoryRootsAndTheTree() {
        Response one = given().get("/categories/hard-bop");
        one.then().statusCode(200).body("parent", equalTo("bop"));
        document.assertConforms("GET", "/categories/{slug}", one);

        Response root = given().get("/categories/jazz");
        root.then().statusCode(200).body("parent", nullValue());
        document.assertConforms("GET", "/categories/{slug}", root);

        Response roots = given().get("/categories");
        roots.then().statusCode(200).body("next", nullValue()).body("items[0].parent", nullValue());
        document.assertConforms("GET", "/categories", roots);

        Response tree = given().queryParam("tree", true).get("/categories");
        tree.then().statusCode(200);
        document.assertConforms("GET", "/categories", tree);
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.model.Filters;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Cycles, unknown parents, duplicates, slug changes, deletes, subtree ids. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class TreeRulesTest {

    private Model model;

    @BeforeEach
    void tree() {
        Trees.reset();
        model = new Model()
                .add("Ragtime", "ragtime", null)
                .add("Bop", "bop", "ragtime")
                .add("Modal Jazz", "modal-jazz", "bop")
                .add("Hard Bop", "hard-bop", "bop")
                .add("Cool Jazz", "cool-jazz", "modal-jazz")
                .add("Blues", "blues", null);
    }

    @Test
    void moveUnderItselfOrADescendantIsRefusedAndChangesNothing() {
        List<Document> before = TestDatabase.snapshot("categories");
        for (String target : List.of("bop", "modal-jazz", "cool-jazz")) {
            Api.move("bop", target).then().statusCode(409).contentType("application/problem+json")
                    .body("type", equalTo("https://problems.shop.example/category-cycle"))
                    .body("detail", containsString("'bop'"));
        }
        Api.move("ragtime", "cool-jazz").then().statusCode(409);
        assertEquals(before, TestDatabase.snapshot("categories"));
        model.assertBreadcrumbsEverywhere();
    }

    @Test
    void unknownParentIsA404NamingItAndChangesNothing() {
        List<Document> before = TestDatabase.snapshot("categories");
        Api.move("bop", "nowhere").then().statusCode(404).contentType("application/problem+json")
                .body("field", equalTo("parent")).body("detail", containsString("'nowhere'"));
        Api.create("Swing", "swing", "nowhere").then().statusCode(404).body("slug", equalTo("nowhere"));
        Api.move("no-such", "ragtime").then().statusCode(404).body("detail", containsString("'no-such'"));
        assertEquals(before, TestDatabase.snapshot("categories"));
    }

    @Test
    void duplicateSlugIsA409AndChangesNothing() {
        List<Document> before = TestDatabase.snapshot("categories");
        Api.create("Bop again", "bop", "blues").then().statusCode(409).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/duplicate-slug"));
        Api.patch("hard-bop", Map.of("slug", "modal-jazz")).then().statusCode(409);
        // a combined change whose slug is taken: the move is not applied either
        Api.patch("hard-bop", Map.of("slug", "blues", "parent", "ragtime")).then().statusCode(409);
        assertEquals(before, TestDatabase.snapshot("categories"));
    }

    @Test
    void slugChangeReachesEveryCopy() {
        Api.patch("bop", Map.of("slug", "be-bop")).then().statusCode(200).body("slug", equalTo("be-bop"));
        given().get("/categories/bop").then().statusCode(404).contentType("application/problem+json");
        given().get("/categories/cool-jazz").then().statusCode(200)
                .body("breadcrumbs.slug", contains("ragtime", "be-bop", "modal-jazz"));
        given().get("/categories/modal-jazz").then().body("parent", equalTo("be-bop"));
        assertEquals(0, Trees.db().getCollection("categories").countDocuments(Filters.eq("ancestors.slug", "bop")));
        given().get("/categories/be-bop/children").then().statusCode(200)
                .body("items.slug", contains("hard-bop", "modal-jazz"));
        Trees.assertDatabaseConsistent();
    }

    @Test
    void renameMoveAndSlugInOneRequest() {
        Api.patch("modal-jazz", Map.of("name", "Modal", "slug", "modal", "parent", "blues")).then().statusCode(200)
                .body("slug", equalTo("modal")).body("name", equalTo("Modal")).body("breadcrumbs.slug", contains("blues"));
        given().get("/categories/cool-jazz").then()
                .body("breadcrumbs.slug", contains("blues", "modal"))
                .body("breadcrumbs.name", contains("Blues", "Modal"));
        Trees.assertDatabaseConsistent();
    }

    @Test
    void subtreeIdsIsOneListOfOwnAndDescendantIds() {
        Set<String> expected = Trees.db().getCollection("categories")
                .find(Filters.in("slug", List.of("bop", "modal-jazz", "hard-bop", "cool-jazz")))
                .map(d -> d.getObjectId("_id").toHexString()).into(new java.util.ArrayList<>())
                .stream().collect(Collectors.toSet());
        var json = given().get("/categories/bop/subtree-ids").then().statusCode(200)
                .contentType("application/json")
                .body("slug", equalTo("bop"))
                .body("ids", org.hamcrest.Matchers.everyItem(matchesPattern("^[0-9a-f]{24}$")))
                .extract().jsonPath();
        List<String> ids = json.getList("ids");
        assertEquals(Trees.idOf("bop").toHexString(), ids.get(0), "own id first");
        assertEquals(expected, Set.copyOf(ids));
        assertEquals(4, ids.size());
        given().get("/categories/cool-jazz/subtree-ids").then().statusCode(200).body("ids.size()", equalTo(1));
        given().get("/categories/unknown/subtree-ids").then().statusCode(404).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/category-not-found"));
    }

    @Test
    void deleteRefusesWhileItHasChildren() {
        List<Document> before = TestDatabase.snapshot("categories");
        Api.asAdmin().delete("/categories/bop").then().statusCode(409).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/category-has-children"));
        Api.asAdmin().delete("/categories/unknown").then().statusCode(404);
        assertEquals(before, TestDatabase.snapshot("categories"));
        Api.asAdmin().delete("/categories/cool-jazz").then().statusCode(204);
        Api.asAdmin().delete("/categories/modal-jazz").then().statusCode(204);
        given().get("/categories/modal-jazz").then().statusCode(404);
        model.parent.remove("cool-jazz");
        model.parent.remove("modal-jazz");
        model.assertBreadcrumbsEverywhere();
    }
}

package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.categories.MoveStep;
import com.example.shop.category.support.Api;
import com.example.shop.category.support.ArmedSeams;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.category.support.Trees;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A move or rename killed half-way leaves stale ancestors that verify reports and repair (or the next lease holder) fixes. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class CrashRepairTest {

    @Inject
    ArmedSeams seams;

    private Model model;

    @BeforeEach
    void tree() {
        Trees.reset();
        model = new Model()
                .add("Ragtime", "ragtime", null)
                .add("Swing", "swing", "ragtime")
                .add("Bop", "bop", "ragtime")
                .add("Modal Jazz", "modal-jazz", "bop")
                .add("Cool Jazz", "cool-jazz", "modal-jazz")
                .add("Hard Bop", "hard-bop", "bop");
    }

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    @Test
    void moveInterruptedAfterTheParentPointerIsRepaired() {
        seams.arm(MoveStep.PARENT_UPDATED);
        Api.move("bop", "swing").then().statusCode(500).contentType("application/problem+json");

        Document bop = Trees.db().getCollection("categories").find(new Document("slug", "bop")).first();
        assertEquals(Trees.idOf("swing"), bop.getObjectId("parent"), "the source of truth was changed");
        Api.verify().then().statusCode(200).body("healthy", equalTo(false))
                .body("findings.slug", containsInAnyOrder("bop", "modal-jazz", "cool-jazz", "hard-bop"))
                .body("findings.kind", org.hamcrest.Matchers.everyItem(equalTo("ancestors-mismatch")));
        given().get("/categories/cool-jazz").then().body("breadcrumbs.slug", contains("ragtime", "bop", "modal-jazz"));

        Api.repair().then().statusCode(200).body("fixedCount", equalTo(4)).body("settled", equalTo(true))
                .body("fixed.slug", containsInAnyOrder("bop", "modal-jazz", "cool-jazz", "hard-bop"))
                .body("unrepairable.size()", equalTo(0));
        Api.verify().then().body("healthy", equalTo(true)).body("findings.size()", equalTo(0));
        model.parent.put("bop", "swing");
        model.assertBreadcrumbsEverywhere();
        Api.repair().then().statusCode(200).body("fixedCount", equalTo(0));
    }

    @Test
    void nextLeaseHolderRepairsTheSubtreeOfADeadHolder() {
        seams.arm(MoveStep.PARENT_UPDATED);
        Api.move("bop", "swing").then().statusCode(500);
        Api.verify().then().body("healthy", equalTo(false));

        // the dead holder's lease (3 s in tests) must expire first; then this move takes over and
        // first reconciles the tree the dead holder left half-changed
        long started = System.nanoTime();
        Api.move("hard-bop", "ragtime").then().statusCode(200);
        assertTrue(System.nanoTime() - started > 1_000_000_000L, "waited for the lease");
        model.parent.put("bop", "swing");
        model.parent.put("hard-bop", "ragtime");
        Api.verify().then().body("healthy", equalTo(true));
        model.assertBreadcrumbsEverywhere();
    }

    @Test
    void renameInterruptedBeforePropagationIsRepaired() {
        seams.arm(MoveStep.LABEL_UPDATED);
        Api.rename("bop", "BeBop").then().statusCode(500);
        given().get("/categories/bop").then().body("name", equalTo("BeBop"));
        given().get("/categories/cool-jazz").then().body("breadcrumbs.name", contains("Ragtime", "Bop", "Modal Jazz"));
        Api.verify().then().body("findings.slug", containsInAnyOrder("modal-jazz", "cool-jazz", "hard-bop"));
        Api.repair().then().body("fixedCount", equalTo(3));
        model.name.put("bop", "BeBop");
        model.assertBreadcrumbsEverywhere();
        List<String> names = given().get("/categories/cool-jazz").then().extract().jsonPath().getList("breadcrumbs.name");
        assertEquals(List.of("Ragtime", "BeBop", "Modal Jazz"), names);
    }
}

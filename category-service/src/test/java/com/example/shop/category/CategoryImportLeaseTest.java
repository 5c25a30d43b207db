package com.example.shop.category;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.categories.MoveStep;
import com.example.shop.category.support.Api;
import com.example.shop.category.support.ArmedSeams;
import com.example.shop.category.support.Imports;
import com.example.shop.category.support.Trees;
import com.example.shop.category.support.Trees.Model;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An import holds the tree lease for its whole write: it waits for a change that holds it, a move
 * waits for it, and an import cut off between two batches (its process dead, its lease held) is
 * completed by the next holder's reconcile and the same file imported again.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class CategoryImportLeaseTest {

    @Inject
    ArmedSeams seams;

    @BeforeEach
    void empty() {
        Trees.reset();
    }

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    private static Model seeded(Map<String, String> parents) {
        Trees.seed(parents);
        Model model = new Model();
        model.parent.putAll(parents);
        parents.keySet().forEach(slug -> model.name.put(slug, Trees.nameOf(slug)));
        return model;
    }

    private static List<String> linesOf(Model model) {
        List<String> lines = new ArrayList<>();
        model.parent.forEach((slug, parent) -> lines.add(Imports.line(slug, model.name.get(slug), parent)));
        return lines;
    }

    @Test
    void theImportWaitsForTheLeaseOfAChangeInProgress() throws Exception {
        Model model = seeded(Trees.wideTree("t", 20, 3));
        // a change in progress holds the lease (for longer than this test waits)
        Trees.holdLease("a-change-in-progress", Instant.now().plusSeconds(60));
        List<Document> before = Imports.categories();
        model.parent.put("t-1", "t-3");
        String id = Imports.post(Imports.file(linesOf(model))).then().statusCode(202).extract().path("id");

        Thread.sleep(1500);
        given().auth().oauth2(Api.admin()).get("/admin/categories/imports/" + id).then().body("state", equalTo("running"));
        assertEquals(before, Imports.categories(), "nothing written without the lease");

        Trees.freeLease();
        Imports.assertCounts(Imports.await(id), 21, 0, 1, 20, 0);
        model.assertBreadcrumbsEverywhere();
    }

    @Test
    void aMoveWaitsForTheImportHoldingTheLeaseAndNeverInterleaves() throws Exception {
        Model model = seeded(Trees.wideTree("t", 40, 3));
        // the import moves t-1 (with t-4 below it) under t-3; the move takes t-4 under t-2
        model.parent.put("t-1", "t-3");
        Hold paused = seams.pauseAt(MoveStep.IMPORT_BATCH_WRITTEN);
        String id = Imports.post(Imports.file(linesOf(model))).then().statusCode(202).extract().path("id");
        assertTrue(paused.awaitHeld(60), "the import reached its write");
        // on a loaded machine the pause may outlast the tests' 3 s lease: keep the import's own lease valid meanwhile
        Trees.extendLease(Instant.now().plusSeconds(60));

        CompletableFuture<Integer> move = CompletableFuture.supplyAsync(() -> Api.move("t-4", "t-2").statusCode());
        Thread.sleep(700);
        assertFalse(move.isDone(), "the move waits while the import holds the lease");
        paused.release();

        Imports.assertCounts(Imports.await(id), 41, 0, 1, 40, 0);
        assertEquals(200, move.get(30, TimeUnit.SECONDS));
        model.parent.put("t-4", "t-2"); // after the import, or the import would have put it back under t-1
        model.assertBreadcrumbsEverywhere();
        Api.verify().then().body("healthy", equalTo(true));
    }

    @Test
    void anImportCutOffBetweenTwoBatchesLeavesAForestThatTheNextHolderAndTheSameFileComplete() {
        // 600 stored categories; the file renames the root (every descendant's ancestors change),
        // moves big-6 under big-2 and adds 300 categories: 900 writes, two batches in tests (500)
        Model model = seeded(Trees.wideTree("big", 599, 5));
        model.name.put("big", "Big Renamed");
        model.parent.put("big-6", "big-2");
        for (int i = 1; i <= 300; i++) {
            model.parent.put("new-" + i, "big-" + (i * 7 % 599 + 1));
            model.name.put("new-" + i, "New " + i);
        }
        String file = Imports.file(linesOf(model));
        seams.arm(MoveStep.IMPORT_BATCH_WRITTEN);
        JsonPath cut = Imports.run(file);
        assertEquals("failed", cut.getString("state"), cut.prettify());

        // parent pointers form a forest: nothing but stale ancestors, which reconciling fixes
        JsonPath verify = Api.verify().then().statusCode(200).extract().jsonPath();
        assertFalse(verify.getBoolean("healthy"), "the second batch was not written");
        assertEquals(List.of("ancestors-mismatch"), verify.getList("findings.kind").stream().distinct().toList());

        // the same file again: waits for the dead holder's lease, reconciles, writes what is left
        JsonPath again = Imports.run(file);
        assertEquals("succeeded", again.getString("state"), again.prettify());
        assertEquals(900, again.getInt("counts.read"));
        assertEquals(0, again.getInt("counts.created"), "the first batch's categories exist");
        assertEquals(0, again.getInt("counts.rejected"));
        assertEquals(900, again.getInt("counts.updated") + again.getInt("counts.unchanged"));
        Api.verify().then().body("healthy", equalTo(true));
        model.assertBreadcrumbsEverywhere();
    }
}

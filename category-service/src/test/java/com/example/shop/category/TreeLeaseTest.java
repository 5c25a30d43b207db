package com.example.shop.category;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.shop.category.categories.MoveStep;
import com.example.shop.category.categories.TreeLease;
import com.example.shop.category.support.Api;
import com.example.shop.category.support.ArmedSeams;
import com.example.shop.category.support.Imports;
import com.example.shop.category.support.Trees;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tree lease's rules (docs/design.md#leases): a change waits for another holder's lease, then
 * answers tree-busy; whoever takes the lease over from a holder that never released it (it died)
 * reconciles the tree before its own change, and only then; an import that lost its lease stops
 * before its next batch. The other holders are written into {@code leases} as another replica
 * would hold the lease.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class TreeLeaseTest {

    @Inject
    TreeLease lease;

    @Inject
    ArmedSeams seams;

    @BeforeEach
    void empty() {
        Trees.reset();
    }

    @AfterEach
    void free() {
        seams.disarm();
        Trees.freeLease();
    }

    /** A tree whose node {@code t-4} has lost its ancestors, as a change that died half-way leaves it. */
    private static void seedWithStaleAncestors() {
        Trees.seed(Trees.wideTree("t", 12, 3));
        Trees.db().getCollection("categories").updateOne(Filters.eq("slug", "t-4"), Updates.set("ancestors", List.of()));
        Api.verify().then().statusCode(200).body("findings.slug", contains("t-4"));
    }

    @Test
    void aChangeWaitsForAnotherHoldersLeaseThenAnswersTreeBusy() {
        Trees.holdLease("another-replica", Instant.now().plusSeconds(60));
        ProblemException busy = assertThrows(ProblemException.class,
                () -> lease.withLease(Duration.ofMillis(300), held -> fail("ran without the lease")));
        assertEquals(503, busy.problem().status());
        assertEquals(Problem.TYPE_BASE + "tree-busy", busy.problem().type());
        assertEquals("another-replica", Trees.lease().getString("holder"), "the other holder's lease is untouched");
    }

    @Test
    void whoeverTakesTheLeaseOverFromADeadHolderReconcilesTheTreeFirst() {
        seedWithStaleAncestors();
        Trees.holdLease("dead-process", Instant.now().minusSeconds(1)); // expired, never released

        Api.created("After", "after", "t-2");
        Api.verify().then().statusCode(200).body("healthy", equalTo(true));
        Trees.assertDatabaseConsistent();
        assertNull(Trees.lease(), "the taker gave the lease back");
    }

    @Test
    void aLeaseGivenBackLeavesTheTreeAsItIs() {
        seedWithStaleAncestors();

        Api.created("After", "after", "t-2");
        Api.verify().then().statusCode(200).body("findings.slug", contains("t-4"));
        assertNull(Trees.lease(), "given back");
    }

    @Test
    void anImportThatLostItsLeaseStopsBeforeItsNextBatch() throws InterruptedException {
        // 600 stored categories and the root renamed: 600 updates, two batches in tests (500)
        Map<String, String> parents = Trees.wideTree("big", 599, 5);
        Trees.seed(parents);
        List<String> lines = new ArrayList<>();
        parents.forEach((slug, parent) -> lines.add(Imports.line(slug, slug.equals("big") ? "Big Renamed" : Trees.nameOf(slug), parent)));
        Hold paused = seams.pauseAt(MoveStep.IMPORT_BATCH_WRITTEN);
        String id = Imports.post(Imports.file(lines)).then().statusCode(202).extract().path("id");
        assertTrue(paused.awaitHeld(60), "the import wrote its first batch");
        // its lease expired meanwhile and another replica took it
        assertTrue(Trees.handLeaseTo("another-replica"));
        List<Document> afterTheFirstBatch = Imports.categories();
        paused.release();

        JsonPath run = Imports.await(id);
        assertEquals("failed", run.getString("state"), run.prettify());
        assertTrue(run.getString("problems[0].detail").contains("Another change to the category tree is in progress"), run.prettify());
        assertEquals(afterTheFirstBatch, Imports.categories(), "nothing written after the lease was lost");
        assertEquals("another-replica", Trees.lease().getString("holder"), "the new holder keeps its lease");
    }
}

package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.create;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.search.feed.CatalogRevision;
import com.example.shop.catalog.search.feed.ChangeFeed;
import com.example.shop.catalog.search.feed.FeedParts;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.mongodb.client.MongoClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /internal/product-changes}, which the cart follows for its {@code product.changed}
 * webhooks: each settled revision with the products it wrote, nothing for a refused write or an
 * availability report, a page that stops at a write still running and passes a dead writer's
 * entry and a revision never recorded, and bad parameters as 400s naming them.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ProductChangesTest {

    @Inject
    ChangeFeed feed;
    @Inject
    CatalogRevision revision;
    @Inject
    MongoClient mongo;
    @ConfigProperty(name = "quarkus.mongodb.database")
    String databaseName;

    private static JsonPath page(long after, int limit) {
        return given().queryParam("after", after).queryParam("limit", limit)
                .when().get("/internal/product-changes").then().statusCode(200).extract().jsonPath();
    }

    private static long start() {
        JsonPath start = given().when().get("/internal/product-changes").then().statusCode(200)
                .body("changes.size()", equalTo(0)).extract().jsonPath();
        assertEquals(start.getLong("revision"), start.getLong("reached"), "a new reader starts at the current revision");
        return start.getLong("reached");
    }

    /** The products named after {@code after}, revision by revision, read to the end of what is settled. */
    private static Map<Long, List<String>> changesAfter(long after) {
        Map<Long, List<String>> changes = new LinkedHashMap<>();
        long position = after;
        while (true) {
            JsonPath page = page(position, 500);
            for (Map<String, Object> change : page.<Map<String, Object>>getList("changes")) {
                @SuppressWarnings("unchecked")
                List<String> products = (List<String>) change.get("products");
                changes.put(((Number) change.get("revision")).longValue(), products);
            }
            position = page.getLong("reached");
            if (!page.getBoolean("more")) {
                return changes;
            }
        }
    }

    private static List<String> named(Map<Long, List<String>> changes) {
        List<String> products = new ArrayList<>();
        changes.values().forEach(products::addAll);
        return products;
    }

    @Test
    void eachWriteNamesItsProductAndARefusedWriteOrAnAvailabilityReportNamesNone() throws Exception {
        long from = start();
        String created = sku("chg");
        String deleted = sku("chg-del");
        create(anAlbum(created));
        create(anAlbum(deleted));
        Map<String, Object> change = anAlbum(created);
        change.put("title", "Renamed");
        admin().header("If-Match", "1").body(change).when().put("/products/" + created).then().statusCode(200);
        admin().header("If-Match", "1").body(change).when().put("/products/" + created).then().statusCode(412); // refused
        admin().when().delete("/products/" + deleted).then().statusCode(204);
        String reported = sku("chg-avail");
        given().contentType(ContentType.JSON).body(Map.of("transitions", List.of(Map.of("sku", reported, "available", false, "seq", 1))))
                .when().post("/internal/availability").then().statusCode(200);
        List<String> imported = List.of(sku("chg-imp"), sku("chg-imp"), sku("chg-imp"));
        JsonPath run = ProductImportTest.finished(ProductImportTest.upload(ProductImportTest.lines(imported.stream().map(Fixtures::anAlbum).toList())));
        assertEquals("succeeded", run.getString("state"));

        List<String> named = named(changesAfter(from)).stream()
                .filter(product -> product.startsWith("chg-")).toList();
        List<String> expected = new ArrayList<>(List.of(created, deleted, created, deleted));
        expected.addAll(imported);
        // other tests write too, so only this test's products are compared; the import's three come in one revision
        assertEquals(expected.subList(0, 4), named.subList(0, 4), "create, create, replace, delete; not the refused replace");
        assertEquals(new java.util.HashSet<>(imported), new java.util.HashSet<>(named.subList(4, named.size())));
        assertFalse(named.contains(reported), "an availability report changes no product");
    }

    @Test
    void aWriteStillRunningStopsThePageAndADeadWritersEntryIsPassed() {
        var database = mongo.getDatabase(databaseName);
        long from = start();
        String running = sku("chg-running");
        long runningAt = FeedParts.nextRevision(revision);
        FeedParts.intend(feed, runningAt, List.of(running));
        String after = sku("chg-after");
        create(anAlbum(after));
        JsonPath stopped = page(from, 500);
        assertEquals(runningAt - 1, stopped.getLong("reached"), "the page stops before the write that is still running");
        assertFalse(named(changesAfter(from)).contains(after));

        FeedParts.done(feed, runningAt);
        List<String> named = named(changesAfter(from));
        assertTrue(named.indexOf(running) >= 0 && named.indexOf(running) < named.indexOf(after), named.toString());

        // a writer that died after counting (no entry), and one that died mid-write five minutes ago
        long next = start();
        long neverRecorded = FeedParts.nextRevision(revision);
        long dead = FeedParts.nextRevision(revision);
        String deadProduct = sku("chg-dead");
        FeedParts.recordAt(database, dead, List.of(deadProduct), false, new Date(System.currentTimeMillis() - 300_000));
        JsonPath passed = page(next, 500);
        assertTrue(passed.getLong("reached") >= dead, "both passed: the entry after the gap is older than the grace");
        assertEquals(List.of(deadProduct), named(changesAfter(next)).stream().filter(p -> p.startsWith("chg-")).toList());
        FeedParts.recordAt(database, neverRecorded, List.of(), true, new Date()); // so the replica's own follower passes it now
    }

    @Test
    void aLimitPagesTheRevisions() {
        long from = start();
        for (int i = 0; i < 3; i++) {
            create(anAlbum(sku("chg-page")));
        }
        JsonPath first = page(from, 2);
        assertEquals(2, first.getList("changes").size());
        assertTrue(first.getBoolean("more"));
        assertEquals(first.getLong("changes[1].revision"), first.getLong("reached"));
        JsonPath second = page(first.getLong("reached"), 2);
        assertTrue(second.getLong("changes[0].revision") > first.getLong("reached"));
    }

    @Test
    void badParametersAre400sNamingThem() {
        given().queryParam("limit", 0).when().get("/internal/product-changes").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("limit", 501).when().get("/internal/product-changes").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("after", -2).when().get("/internal/product-changes").then().statusCode(400).body("field", equalTo("after"));
        given().queryParam("after", "{\"$gt\":1}").when().get("/internal/product-changes").then().statusCode(400)
                .contentType("application/problem+json");
    }
}

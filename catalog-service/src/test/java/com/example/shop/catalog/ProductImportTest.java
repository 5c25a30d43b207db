package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.film;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.FailPoints;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestTokens;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** POST /admin/catalog/import as a job, its run resource, its rejects, and GET /admin/catalog/export. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ProductImportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NDJSON = "application/x-ndjson";

    @Inject
    MongoClient mongo;

    @ConfigProperty(name = "quarkus.mongodb.database")
    String database;

    @ConfigProperty(name = "shop.bulk.stale-after")
    Duration staleAfter;

    @Test
    void importsEveryGoodLineAndRejectsEachBadOneWithItsLineNumberAndProblem() throws Exception {
        String prefix = sku("imp");
        Map<String, Object> noArtist = album(prefix + "-noartist", "T", "x", List.of("Jazz"), "1960-01-01", 100, 90);
        ((Map<String, Object>) noArtist.get("details")).remove("artist");
        Map<String, Object> badPrice = album(prefix + "-price", "T", "A", List.of("Jazz"), "1960-01-01", 100, 200);
        Map<String, Object> unknownType = anAlbum(prefix + "-type");
        unknownType.put("type", "Spaceship");
        Map<String, Object> stringPrice = anAlbum(prefix + "-strprice");
        ((Map<String, Object>) stringPrice.get("pricing")).put("list", "1200");

        ByteArrayOutputStream file = new ByteArrayOutputStream();
        line(file, anAlbum(prefix + "-1"));                                   // 1 good
        file.write("{\"sku\": \"broken\", \"type\": \n".getBytes(StandardCharsets.UTF_8)); // 2 bad JSON
        line(file, unknownType);                                              // 3 unknown type
        line(file, noArtist);                                                 // 4 missing required attribute
        line(file, badPrice);                                                 // 5 retail over list
        line(file, anAlbum(prefix + "-1"));                                   // 6 same sku as line 1
        file.write("\n".getBytes(StandardCharsets.UTF_8));                    // 7 blank: skipped
        file.write(new byte[] {'{', '"', 's', 'k', 'u', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}', '\n'}); // 8 not UTF-8
        byte[] huge = new byte[10 * 1024 * 1024 + 10];                        // 9 a line of 10 MB
        Arrays.fill(huge, (byte) ' ');
        huge[0] = '{';
        huge[huge.length - 1] = '}';
        file.write(huge);
        file.write('\n');
        line(file, film(prefix + "-2", "Film", List.of("Keanu Reeves"), List.of("Action"), "1999-03-31", 1500, 1000)); // 10 good
        line(file, stringPrice);                                              // 11 a string where a number goes
        String last = JSON.writeValueAsString(anAlbum(prefix + "-truncated"));
        file.write(last.substring(0, last.length() / 2).getBytes(StandardCharsets.UTF_8)); // 12 truncated, no newline

        JsonPath run = finished(upload(file.toByteArray()));
        assertEquals("succeeded", run.getString("state"));
        assertEquals(11, run.getLong("counts.read"));
        assertEquals(2, run.getLong("counts.created"));
        assertEquals(9, run.getLong("counts.rejected"));
        assertEquals(run.getLong("counts.bytes_total"), run.getLong("counts.bytes_read"));

        JsonPath rejects = admin().when().get("/admin/catalog/imports/" + run.getString("id") + "/rejects")
                .then().statusCode(200).extract().jsonPath();
        Map<Integer, Map<String, Object>> byLine = new HashMap<>();
        for (Map<String, Object> reject : rejects.<Map<String, Object>>getList("items")) {
            byLine.put((Integer) reject.get("line"), reject);
        }
        assertEquals(List.of(2, 3, 4, 5, 6, 8, 9, 11, 12), byLine.keySet().stream().sorted().toList());
        assertProblem(byLine.get(2), "malformed-json", null);
        assertProblem(byLine.get(3), "invalid-field", "type");
        assertProblem(byLine.get(4), "invalid-field", "details.artist");
        assertProblem(byLine.get(5), "invalid-field", "pricing.retail");
        assertProblem(byLine.get(6), "duplicate-line", "sku");
        assertEquals(prefix + "-1", byLine.get(6).get("key"));
        assertEquals(prefix + "-type", byLine.get(3).get("key"));
        assertProblem(byLine.get(8), "malformed-json", null);
        assertProblem(byLine.get(9), "payload-too-large", null);
        assertProblem(byLine.get(11), "invalid-field", "pricing.list");
        assertProblem(byLine.get(12), "malformed-json", null);

        given().when().get("/products/" + prefix + "-1").then().statusCode(200).body("version", equalTo(1));
        given().when().get("/products/" + prefix + "-2").then().statusCode(200).body("type", equalTo("Film"));
        for (String missing : List.of("-type", "-noartist", "-price", "-truncated", "-strprice")) {
            given().when().get("/products/" + prefix + missing).then().statusCode(404);
        }
    }

    @Test
    void aProblemOfALineIsTheProblemTheSingleRequestGets() throws Exception {
        Map<String, Object> badPrice = album(sku("imp-same"), "T", "A", List.of("Jazz"), "1960-01-01", 100, 200);
        Map<String, Object> single = admin().body(badPrice).when().post("/products").then().statusCode(400)
                .extract().jsonPath().getMap("$");
        JsonPath run = finished(upload(lines(List.of(badPrice))));
        Map<String, Object> problem = admin().when().get("/admin/catalog/imports/" + run.getString("id") + "/rejects")
                .then().statusCode(200).extract().jsonPath().getMap("items[0].problem");
        for (String member : List.of("type", "title", "status", "detail", "field")) {
            assertEquals(single.get(member), problem.get(member), member);
        }
    }

    @Test
    void importingTheSameFileTwiceChangesNothingTheSecondTimeAndAChangedLineUpdates() throws Exception {
        String prefix = sku("imp-idem");
        List<Map<String, Object>> products = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            products.add(album(prefix + "-" + i, "Album " + i, "Artist " + i, List.of("Jazz"), "1961-01-0" + (1 + i % 9), 1000 + i, 900));
        }
        JsonPath first = finished(upload(lines(products)));
        assertEquals(30, first.getLong("counts.created"));

        JsonPath second = finished(upload(lines(products)));
        assertEquals(0, second.getLong("counts.created"));
        assertEquals(0, second.getLong("counts.updated"));
        assertEquals(30, second.getLong("counts.unchanged"));
        given().when().get("/products/" + prefix + "-7").then().statusCode(200).body("version", equalTo(1));

        products.get(7).put("title", "Renamed");
        JsonPath third = finished(upload(lines(products)));
        assertEquals(1, third.getLong("counts.updated"));
        assertEquals(29, third.getLong("counts.unchanged"));
        given().when().get("/products/" + prefix + "-7").then().statusCode(200)
                .body("title", equalTo("Renamed")).body("version", equalTo(2));
    }

    @Test
    void theRunAnswers202WithItsLocationAndIsListed() throws Exception {
        Response accepted = admin().contentType(NDJSON).body(lines(List.of(anAlbum(sku("imp-loc")))))
                .when().post("/admin/catalog/import");
        accepted.then().statusCode(202)
                .header("Location", containsString("/admin/catalog/imports/"))
                .body("kind", equalTo("import-products"))
                .body("state", equalTo("running"));
        String id = accepted.jsonPath().getString("id");
        // the run's path as written (RunStarted), which the gateway makes public
        assertEquals("/admin/catalog/imports/" + id, accepted.header("Location"));
        finished(accepted);
        admin().when().get("/admin/catalog/imports?limit=100").then().statusCode(200)
                .body("items.id", org.hamcrest.Matchers.hasItem(id));
    }

    @Test
    void badRequestsAreProblems() {
        admin().contentType(NDJSON).body(new byte[0]).when().post("/admin/catalog/import")
                .then().statusCode(400).body("type", endsWith("/empty-import"));
        // Past the import's own limit (48 MiB in the tests), sent without a length: counted as it is kept
        byte[] tooBig = new byte[49 * 1024 * 1024];
        Arrays.fill(tooBig, (byte) '\n');
        admin().contentType(NDJSON).body(new java.io.ByteArrayInputStream(tooBig)).when().post("/admin/catalog/import")
                .then().statusCode(413).contentType("application/problem+json").body("type", endsWith("/payload-too-large"));
        admin().when().get("/admin/catalog/imports/0123456789abcdef01234567").then().statusCode(404);
        admin().when().get("/admin/catalog/imports/nope").then().statusCode(404);
        admin().when().get("/admin/catalog/imports?limit=0").then().statusCode(400).body("field", equalTo("limit"));
        admin().when().get("/admin/catalog/imports?cursor=%7B%22%24gt%22%3A1%7D").then().statusCode(400).body("field", equalTo("cursor"));
        // A JSON body to the import, or NDJSON to the single-product API: 415, nothing imported
        admin().body("{}").when().post("/admin/catalog/import").then().statusCode(415);
    }

    @Test
    void onlyAnAdminMayImportOrExport() {
        byte[] body = "{}\n".getBytes(StandardCharsets.UTF_8);
        given().contentType(NDJSON).body(body).when().post("/admin/catalog/import").then().statusCode(401);
        given().auth().oauth2(TestTokens.withRoles("shopper")).contentType(NDJSON).body(body)
                .when().post("/admin/catalog/import").then().statusCode(403);
        given().when().get("/admin/catalog/export").then().statusCode(401);
        given().when().get("/admin/catalog/imports").then().statusCode(401);
    }

    @Test
    void theExportIsWhatTheImportTakesBack() throws Exception {
        String prefix = sku("imp-exp");
        Map<String, Object> own = anAlbum(prefix + "-own");
        own.put("max_per_cart", 3);
        finished(upload(lines(List.of(own, anAlbum(prefix + "-inherits"),
                film(prefix + "-film", "F", List.of("A B"), List.of("Drama"), "2001-01-01", 10, 10)))));
        String inheritsBefore = given().when().get("/products/" + prefix + "-inherits").then().extract().asString();

        byte[] export = admin().when().get("/admin/catalog/export").then().statusCode(200)
                .contentType(containsString(NDJSON)).extract().asByteArray();
        String[] exported = new String(export, StandardCharsets.UTF_8).split("\n");
        long count = admin().when().get("/products?limit=1").then().extract().jsonPath().getList("items").size();
        assertTrue(count > 0);
        String ownLine = Arrays.stream(exported).filter(l -> l.contains("\"" + prefix + "-own\"")).findFirst().orElseThrow();
        assertTrue(!ownLine.contains("\"version\""), ownLine);
        assertTrue(!ownLine.contains("\"keywords_extra\""), "the export leaves out what describes keywords: " + ownLine);

        JsonPath reimport = finished(upload(export));
        assertEquals(exported.length, reimport.getLong("counts.read"));
        assertEquals(exported.length, reimport.getLong("counts.unchanged"), "every exported product comes back unchanged");
        given().when().get("/products/" + prefix + "-own").then().body("max_per_cart", equalTo(3))
                .body("max_per_cart_source", equalTo("product")).body("version", equalTo(1));
        assertEquals(inheritsBefore, given().when().get("/products/" + prefix + "-inherits").then().extract().asString(),
                "an inherited limit stays inherited through export and import");
    }

    /** A line may be a product as GET shows it (keywords_extra included): what it describes is already in keywords. */
    @Test
    void aProductAsGetShowsItComesBackUnchanged() throws Exception {
        String sku = sku("imp-get");
        Map<String, Object> typed = anAlbum(sku);
        typed.put("keywords", List.of("Cape Cod"));
        finished(upload(lines(List.of(typed))));
        Map<String, Object> shown = given().when().get("/products/" + sku).then().statusCode(200)
                .body("keywords_extra", equalTo(List.of("cape cod"))).extract().jsonPath().getMap("$");
        shown.remove("version");

        JsonPath again = finished(upload(lines(List.of(shown))));
        assertEquals(1, again.getLong("counts.unchanged"), again.prettify());
        given().when().get("/products/" + sku).then().body("version", equalTo(1))
                .body("keywords_extra", equalTo(List.of("cape cod")));
    }

    /**
     * The listing reads the search index, not MongoDB: every batch of an import (here three, written
     * by two writers at once) must be in it by the time the run shows its end, with nothing left
     * for the change feed to bring later.
     */
    @Test
    void everyImportedProductIsListedAsSoonAsTheRunShowsItsEnd() throws Exception {
        String prefix = sku("imp-listed");
        String word = "Listed" + prefix.replaceAll("[^a-z0-9]", "");
        List<Map<String, Object>> products = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            products.add(album(prefix + "-" + i, word + " " + i, "Artist", List.of("Jazz"), "1962-02-02", 1000, 900));
        }
        JsonPath run = finished(upload(lines(products)));
        assertEquals(2500, run.getLong("counts.created"), run.prettify());

        JsonPath listed = given().queryParam("titlePrefix", word).queryParam("facets", "type").queryParam("limit", 1)
                .when().get("/products").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(Map.of("value", "Audio Album", "count", 2500)), listed.getList("facets.type"));
    }

    @Test
    void aRunCutOffByAKillIsFailedAndTheSameFileImportedAgainCompletesItWithoutDuplicates() throws Exception {
        String prefix = sku("imp-kill");
        List<Map<String, Object>> products = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            products.add(album(prefix + "-" + i, "Album " + i, "Artist", List.of("Jazz"), "1962-02-02", 1000, 900));
        }
        byte[] file = lines(products);
        ArmedSeams.killAfterLine(1);
        String id = upload(file).then().statusCode(202).extract().jsonPath().getString("id");

        JsonPath cut = poll(id, 60);
        assertEquals("failed", cut.getString("state"), "a run whose process died is failed, not running forever");
        assertTrue(cut.getString("problems[0].detail").contains("again"), cut.prettify());

        JsonPath rerun = finished(upload(file));
        assertEquals("succeeded", rerun.getString("state"));
        assertEquals(2500, rerun.getLong("counts.created") + rerun.getLong("counts.unchanged"));
        assertTrue(rerun.getLong("counts.unchanged") >= 1000, "the batch written before the kill is found: " + rerun.getLong("counts.unchanged"));
        List<String> skus = new ArrayList<>();
        String cursor = null;
        do {
            var request = given().queryParam("titlePrefix", "Album").queryParam("limit", 100);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.when().get("/products").then().statusCode(200).extract().jsonPath();
            for (String s : page.<String>getList("items.sku")) {
                if (s.startsWith(prefix + "-")) {
                    skus.add(s);
                }
            }
            cursor = page.getString("next");
        } while (cursor != null);
        assertEquals(2500, skus.size(), "every product once");
        assertEquals(2500, skus.stream().distinct().count(), "no sku twice");
    }

    @Test
    void aRunWhoseHeartbeatsCannotBeWrittenIsStillRunningOnItsReplicaAndRecordsItsEndOverAnotherReplicasStaleMark()
            throws Exception {
        String prefix = sku("imp-slow");
        List<Map<String, Object>> products = new ArrayList<>();
        for (int i = 0; i < 500; i++) { // one batch: held after it, the import writes nothing but its heartbeats
            products.add(album(prefix + "-" + i, "Album " + i, "Artist", List.of("Jazz"), "1962-02-02", 1000, 900));
        }
        Hold pause = ArmedSeams.pauseAfterLine(1);
        String id = upload(lines(products)).then().statusCode(202).extract().jsonPath().getString("id");
        try {
            assertTrue(pause.awaitHeld(30), "the import reached the end of its batch");
            // the database refuses every update meanwhile: no heartbeat is written until the run is stale
            // by the rule every other replica applies (not heard of for stale-after)
            FailPoints.always("update", 2);
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!silentFor(id, staleAfter)) {
                assertTrue(System.nanoTime() < deadline, "the run's heartbeat went on while updates failed");
                Thread.sleep(100);
            }
            JsonPath alive = admin().when().get("/admin/catalog/imports/" + id).then().statusCode(200).extract().jsonPath();
            assertEquals("running", alive.getString("state"), "the replica running it knows it is alive: " + alive.prettify());
            FailPoints.off();
            // another replica reading the run meanwhile would have taken it for dead, as its failStale does
            runs().updateOne(Filters.eq("_id", id),
                    Updates.combine(Updates.set("state", "failed"), Updates.set("found_stale", true),
                            Updates.set("problems", List.of(new Document("type", "https://problems.shop.example/run-failed")
                                    .append("title", "Run failed").append("status", 500)
                                    .append("detail", "no sign of life since the heartbeat")))));
        } finally {
            FailPoints.off();
            pause.release();
        }
        JsonPath done = poll(id, 60);
        assertEquals("succeeded", done.getString("state"), done.prettify());
        assertEquals(500, done.getLong("counts.created"), done.prettify());
        assertEquals(List.of(), done.getList("problems"), done.prettify());
    }

    /** Whether the stored run has not been heard of for {@code staleAfter}: stale by the rule of every other replica. */
    private boolean silentFor(String id, Duration staleAfter) {
        Date heartbeat = runs().find(Filters.eq("_id", id)).first().getDate("heartbeat_at");
        return heartbeat.toInstant().isBefore(Instant.now().minus(staleAfter));
    }

    private MongoCollection<Document> runs() {
        return mongo.getDatabase(database).getCollection("runs");
    }

    private static void assertProblem(Map<String, Object> reject, String slug, String field) {
        Map<String, Object> problem = (Map<String, Object>) reject.get("problem");
        assertTrue(String.valueOf(problem.get("type")).endsWith("/" + slug), reject.toString());
        if (field != null) {
            assertEquals(field, problem.get("field"), reject.toString());
        }
    }

    static Response upload(byte[] file) {
        return admin().contentType(NDJSON).body(file).when().post("/admin/catalog/import");
    }

    static JsonPath finished(Response accepted) {
        return finished(accepted, 60);
    }

    static JsonPath finished(Response accepted, int seconds) {
        accepted.then().statusCode(202);
        return poll(accepted.jsonPath().getString("id"), seconds);
    }

    static JsonPath poll(String id, int seconds) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            JsonPath run = admin().when().get("/admin/catalog/imports/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(run.getString("state")) || System.nanoTime() > deadline) {
                return run;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static byte[] lines(List<Map<String, Object>> products) throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (Map<String, Object> product : products) {
            line(file, product);
        }
        return file.toByteArray();
    }

    private static void line(ByteArrayOutputStream file, Map<String, Object> product) throws Exception {
        file.write(JSON.writeValueAsBytes(new LinkedHashMap<>(product)));
        file.write('\n');
    }
}

package com.example.shop.catalog.search.lifecycle;

import static com.mongodb.client.model.Filters.eq;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.CategoryStub;
import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Updates;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The search index's admin jobs through their run resources: verify reports exactly the
 * differences made behind the service's back (and none on a clean index); a rebuild beside the
 * index, while readers list products the whole time, fails no read, brings in what was changed
 * behind the service's back and keeps the writes made during it; one rebuild at a time; bad run
 * ids and tokens are 4xx problems.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class SearchIndexAdminTest {

    private static final String BASE = "/admin/catalog/search-index";

    @ConfigProperty(name = "catalog.search.directory")
    String directory;

    private static RequestSpecification admin() {
        return given().auth().oauth2(TestTokens.admin()).contentType(ContentType.JSON);
    }

    private static MongoCollection<Document> products() {
        return TestDatabase.database("catalog").getCollection("products");
    }

    private static String sku(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Map<String, Object> album(String sku, String title) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("title", title);
        details.put("artist", "Someone");
        details.put("genre", List.of("Jazz"));
        details.put("issue_date", "2001-01-01");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sku", sku);
        body.put("type", "Audio Album");
        body.put("title", title);
        body.put("description", "by the admin test");
        body.put("pricing", Map.of("currency", "USD", "list", 1000, "retail", 900));
        body.put("details", details);
        return body;
    }

    private static void create(String sku, String title) {
        admin().body(album(sku, title)).when().post("/products").then().statusCode(201);
    }

    private static void delete(String sku) {
        admin().when().delete("/products/" + sku).then().statusCode(204);
    }

    private static Set<String> titled(String prefix) {
        return Set.copyOf(given().queryParam("titlePrefix", prefix).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("items.title", String.class));
    }

    private static String start(String kind) {
        return admin().when().post(BASE + "/" + kind).then().statusCode(202)
                .header("Location", org.hamcrest.Matchers.matchesPattern("^" + BASE + "/" + kind + "/[0-9a-f]{24}$"))
                .body("kind", equalTo("index-" + kind)).body("state", equalTo("running"))
                .body("labels.trigger", equalTo("manual")).body("labels.replica", org.hamcrest.Matchers.matchesPattern(".+:[0-9]+"))
                .extract().path("id");
    }

    private static JsonPath awaitEnd(String kind, String id) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            JsonPath run = admin().when().get(BASE + "/" + kind + "/" + id).then().statusCode(200).extract().jsonPath();
            if (!"running".equals(run.getString("state"))) {
                assertEquals("succeeded", run.getString("state"), () -> "the " + kind + " failed: " + run.prettify());
                return run;
            }
            assertTrue(System.nanoTime() < deadline, "the " + kind + " did not end within 60 s");
            Thread.sleep(50);
        }
    }

    private static JsonPath runToEnd(String kind) throws InterruptedException {
        return awaitEnd(kind, start(kind));
    }

    private static void assertClean(JsonPath verified) {
        assertEquals(0, verified.getLong("counts.differences"), verified::prettify);
        assertEquals(List.of(), verified.getList("problems"));
        assertEquals(verified.getLong("counts.database_count"), verified.getLong("counts.index_count"));
        assertEquals(products().countDocuments(), verified.getLong("counts.database_count"));
    }

    @Test
    void verifyReportsExactlyTheDifferencesMadeBehindTheServicesBack() throws Exception {
        runToEnd("rebuild"); // whatever other classes changed behind the service's back
        assertClean(runToEnd("verify"));

        String missing = sku("verify-missing");
        String gone = sku("verify-gone");
        String stale = sku("verify-stale");
        create(missing, "Missing from the index");
        create(gone, "Gone from MongoDB");
        create(stale, "Stale in the index");
        Document missingProduct = products().find(eq("sku", missing)).first();
        delete(missing);
        products().insertOne(missingProduct); // back in MongoDB, not in the index
        products().deleteOne(eq("sku", gone));
        products().updateOne(eq("sku", stale), Updates.combine(Updates.inc("version", 1L),
                Updates.set("title", "Changed behind the service's back")));

        JsonPath found = runToEnd("verify");
        assertEquals(3, found.getLong("counts.differences"), found::prettify);
        assertEquals(1, found.getLong("counts.missing_from_index"));
        assertEquals(1, found.getLong("counts.not_in_database"));
        assertEquals(1, found.getLong("counts.version_differs"));
        String problem = "https://problems.shop.example/";
        assertEquals(List.of(problem + "index-missing-product", problem + "index-extra-product", problem + "index-version-differs"),
                found.getList("problems.type"), found::prettify);
        assertEquals(List.of(missing, gone, stale), found.getList("problems.sku"));
        assertEquals(1, found.getLong("problems[2].index_version"));
        assertEquals(2, found.getLong("problems[2].database_version"));
        assertEquals(products().countDocuments(), found.getLong("counts.database_count"));
        assertEquals(found.getLong("counts.total"), found.getLong("counts.done"));

        JsonPath rebuilt = runToEnd("rebuild"); // brings MongoDB's state into the index
        assertEquals(products().countDocuments(), rebuilt.getLong("counts.products"));
        assertClean(runToEnd("verify"));
        delete(missing);
        delete(stale);
    }

    @Test
    void aRebuildWhileReadsRunFailsNoReadAndKeepsTheWritesMadeDuringIt() throws Exception {
        String word = "Rebuilt" + UUID.randomUUID().toString().substring(0, 8);
        String behind = sku("rebuild-behind");
        String replaced = sku("rebuild-replaced");
        String deleted = sku("rebuild-deleted");
        String created = sku("rebuild-created");
        create(behind, word + " Before");
        create(replaced, word + " Replaced before");
        create(deleted, word + " Deleted during");
        products().updateOne(eq("sku", behind), Updates.combine(Updates.inc("version", 1L),
                Updates.set("title", word + " Behind the back")));
        assertEquals(Set.of(word + " Before", word + " Replaced before", word + " Deleted during"), titled(word));

        AtomicBoolean reading = new AtomicBoolean(true);
        AtomicInteger reads = new AtomicInteger();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        ExecutorService readers = Executors.newFixedThreadPool(4);
        List<String> queries = List.of("limit=20", "limit=20&sort=price&facets=type,genre,price", "q=rebuilt&limit=5",
                "titlePrefix=" + word, "genre=Jazz&sort=-issue_date&limit=50");
        for (int r = 0; r < 4; r++) {
            int reader = r;
            readers.submit(() -> {
                int i = reader;
                while (reading.get()) {
                    String query = queries.get(i++ % queries.size());
                    try {
                        Response answer = given().when().get("/products?" + query);
                        if (answer.statusCode() != 200) {
                            failures.add(query + " -> " + answer.statusCode() + " " + answer.asString());
                        }
                    } catch (RuntimeException e) {
                        failures.add(query + " -> " + e);
                    }
                    reads.incrementAndGet();
                }
            });
        }
        try {
            Hold hold = ArmedSeams.holdNextRebuildAfter(1);
            String id = start("rebuild");
            assertTrue(hold.awaitHeld(30), "the rebuild did not reach its first product");
            try {
                admin().when().get(BASE + "/rebuild/" + id).then().statusCode(200).body("state", equalTo("running"))
                        .body("finished_at", org.hamcrest.Matchers.nullValue());
                admin().when().post(BASE + "/rebuild").then().statusCode(409).contentType("application/problem+json")
                        .body("run", equalTo(id));

                // written during the rebuild: in the listings at once (the old index), and in the new one after the swap
                create(created, word + " Created during");
                admin().header("If-Match", "\"1\"").body(album(replaced, word + " Replaced during"))
                        .when().put("/products/" + replaced).then().statusCode(200);
                delete(deleted);
                assertEquals(Set.of(word + " Before", word + " Replaced during", word + " Created during"), titled(word));
            } finally {
                hold.release();
            }
            JsonPath done = awaitEnd("rebuild", id);
            Thread.sleep(300); // reads go on after the swap
            reading.set(false);
            readers.shutdown();
            assertTrue(readers.awaitTermination(30, TimeUnit.SECONDS));

            assertEquals(List.of(), failures, "failed reads during the rebuild");
            assertTrue(reads.get() > 50, "too few reads during the rebuild (" + reads.get() + ") to prove anything");
            assertEquals(Set.of(word + " Behind the back", word + " Replaced during", word + " Created during"), titled(word));
            String from = done.getString("labels.replaced");
            String to = done.getString("labels.index");
            assertNotEquals(from, to);
            assertFalse(Files.exists(Path.of(directory, from)), "the old index's directory is removed");
            assertTrue(Files.isDirectory(Path.of(directory, to)));
            assertEquals(to, Files.readString(Path.of(directory, "CURRENT")).trim());
            assertEquals(done.getLong("counts.products"), done.getLong("counts.done"));
            assertClean(runToEnd("verify"));
        } finally {
            reading.set(false);
            readers.shutdownNow();
        }
        delete(behind);
        delete(replaced);
        delete(created);
    }

    @Test
    void runIdsAndTokensAreCheckedAndChangeNothing() throws Exception {
        List<Document> before = TestDatabase.snapshot("catalog");
        for (String kind : List.of("verify", "rebuild")) {
            given().when().post(BASE + "/" + kind).then().statusCode(401).contentType("application/problem+json");
            given().auth().oauth2(TestTokens.expiredAdmin()).when().post(BASE + "/" + kind).then().statusCode(401);
            given().auth().oauth2(TestTokens.withRoles("customer")).when().post(BASE + "/" + kind).then().statusCode(403)
                    .contentType("application/problem+json");
            given().auth().oauth2(TestTokens.withRoles("customer")).when().get(BASE + "/" + kind + "/" + "0".repeat(24))
                    .then().statusCode(403);
            admin().when().post(BASE + "/" + kind + "?x=1").then().statusCode(400).contentType("application/problem+json")
                    .body("field", equalTo("x"));
            for (String bad : List.of("not-a-run", "A".repeat(24), "0".repeat(23), "0".repeat(25), "%24ne", "-1")) {
                admin().when().get(BASE + "/" + kind + "/" + bad).then().statusCode(400).contentType("application/problem+json")
                        .body("field", equalTo("id"));
            }
            admin().when().get(BASE + "/" + kind + "/" + "0".repeat(24)).then().statusCode(404)
                    .contentType("application/problem+json");
        }
        // the bench's hostile sweep, straight at the service: path values outside a run id's syntax, raw
        // (percent-encoded) segments, operators in parameters, a body where none is taken
        List<String> hostile = List.of("{\"$ne\":null}", "$where", "../../../../etc/passwd", "a\u0000b", "<script>", "*",
                "a".repeat(5000), "9".repeat(400), "1e309", "NaN", "null", "[]", "ünïcødé ✓", "😀".repeat(200), " ");
        List<String> raw = List.of("..;", "%C3%28", "%FF%FE%FD", "%ED%A0%80", "%00", "%25", "a%2Fb", "%0d%0aX-Injected:%201",
                "~root", "..%2F..%2Fadmin%2Fjobs%2Fexpire-carts", "%2e%2e%2f%2e%2e%2f");
        for (String kind : List.of("verify", "rebuild")) {
            for (String value : hostile) {
                String encoded = java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
                int status = admin().urlEncodingEnabled(false).when().get(BASE + "/" + kind + "/" + encoded).then().extract()
                        .statusCode();
                assertTrue(status >= 400 && status < 500, kind + " " + value + " -> " + status);
            }
            for (String segment : raw) {
                int status = admin().urlEncodingEnabled(false).when().get(BASE + "/" + kind + "/" + segment).then().extract()
                        .statusCode();
                assertTrue(status >= 400 && status < 500, kind + " " + segment + " -> " + status);
            }
            for (String query : List.of("x[$ne]=x", "$where=1", "limit=-1", "__proto__[admin]=1", "x=a&x=b")) {
                admin().urlEncodingEnabled(false).when().post(BASE + "/" + kind + "?" + query).then().statusCode(400);
            }
            admin().body("{\"$ne\":null}").when().post(BASE + "/" + kind + "?x=1").then().statusCode(400);
        }
        assertEquals(before, TestDatabase.snapshot("catalog"));

        String verifyRun = runToEnd("verify").getString("id");
        admin().when().get(BASE + "/rebuild/" + verifyRun).then().statusCode(404).contentType("application/problem+json");
        given().when().get(BASE + "/verify/" + verifyRun).then().statusCode(401);
    }
}

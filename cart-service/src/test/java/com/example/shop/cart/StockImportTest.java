package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.remove;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Stock in bulk (issue 17): {@code POST /admin/inventory/import} sets each line's sku as
 * {@code PUT /inventory/{sku}} would, as a job run; {@code GET /admin/inventory/export} gives the
 * lines back.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class StockImportTest {

    private static final String NDJSON = "application/x-ndjson";
    private static final String IMPORTS = "/admin/inventory/imports";

    @Inject
    ArmedSeams seams;

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    @Test
    void anImportIsAJobWithALocationAndCounts() {
        String fresh = newSku("IMP");
        String raised = newSku("IMP");
        String same = newSku("IMP");
        stock(raised, 10);
        stock(same, 4);
        Response started = startImport(line(fresh, 5) + line(raised, 7) + line(same, 4));
        started.then().statusCode(202).body("kind", equalTo("import-stock")).body("id", org.hamcrest.Matchers.notNullValue());
        String location = started.header("Location");
        assertNotNull(location);
        assertEquals(IMPORTS + "/" + started.jsonPath().getString("id"), location);

        JsonPath run = awaitImport(location);
        assertEquals("succeeded", run.getString("state"));
        assertCounts(run, 3, 1, 1, 1, 0);
        assertEquals(5, available(fresh));
        assertEquals(7, available(raised));
        assertEquals(4, available(same));
        assertEquals(5, Invariant.stocked(fresh));
        assertEquals(7, Invariant.stocked(raised));
        assertEquals(4, Invariant.stocked(same));

        // listed, newest first, and found by id
        asAdmin().get(IMPORTS + "?limit=1").then().statusCode(200)
                .body("items[0].id", equalTo(run.getString("id"))).body("items[0].kind", equalTo("import-stock"));
        asAdmin().get(IMPORTS + "/" + run.getString("id")).then().statusCode(200).body("counts.created", equalTo(1));
        Invariant.assertConservation();
    }

    @Test
    void badLinesAreRejectedWithTheirLineNumberAndThePutsProblemAndTheRestIsImported() {
        String first = newSku("IMP");
        String last = newSku("IMP");
        String tooLong = "a".repeat(65);
        String file = line(first, 3)                                       // 1
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":-1}\n"        // 2 below the range
                + "{\"sku\":\"bad$sku\",\"qty\":1}\n"                        // 3 sku syntax
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":2000000}\n"   // 4 above the range
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":\"3\"}\n"     // 5 a string for a number
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":3,\"sold\":0}\n" // 6 unknown field
                + line(first, 9)                                           // 7 the same sku again
                + "{\"sku\":\"" + newSku("IMP") + "\"}\n"                   // 8 no qty
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":\n"           // 9 broken JSON
                + "\n"                                                     // 10 blank: skipped
                + "{\"sku\":\"" + tooLong + "\",\"qty\":1}\n"                // 11 sku too long
                + "{\"sku\":\"" + newSku("IMP") + "\",\"qty\":{\"$inc\":5}}\n" // 12 an operator object
                + line(last, 8);                                           // 13
        JsonPath run = awaitImport(startImport(file).then().statusCode(202).extract().header("Location"));
        assertEquals("succeeded", run.getString("state"));
        assertCounts(run, 12, 2, 0, 0, 10);
        assertEquals(3, available(first), "the first line of a sku counts; the repeat is refused");
        assertEquals(8, available(last));

        Map<Long, Map<String, Object>> rejects = rejects(run.getString("id"), 3);
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 11L, 12L), new ArrayList<>(rejects.keySet()));
        for (Map<String, Object> reject : rejects.values()) {
            Map<?, ?> problem = (Map<?, ?>) reject.get("problem");
            int status = ((Number) problem.get("status")).intValue();
            assertTrue(status >= 400 && status < 500, reject.toString());
            assertNotNull(problem.get("type"), reject.toString());
            assertNotNull(problem.get("detail"), reject.toString());
        }
        // the same problem the PUT gives for the same value, field named
        assertSameProblem(rejects.get(2L), putProblem(newSku("IMP"), "{\"qty\":-1}"));
        assertSameProblem(rejects.get(3L), putProblem("bad$sku", "{\"qty\":1}"));
        assertSameProblem(rejects.get(4L), putProblem(newSku("IMP"), "{\"qty\":2000000}"));
        assertSameProblem(rejects.get(11L), putProblem(tooLong, "{\"qty\":1}"));
        assertEquals("qty", field(rejects.get(5L)));
        assertEquals("sold", field(rejects.get(6L)));
        assertEquals("qty", field(rejects.get(8L)));
        assertEquals("bad$sku", rejects.get(3L).get("key"));
        assertEquals(first, rejects.get(7L).get("key"));
        assertNull(Invariant.inventory("bad$sku"));
        Invariant.assertConservation();
    }

    @Test
    void importingTheSameFileAgainChangesNothing() {
        List<String> skus = new ArrayList<>();
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            String sku = newSku("IMP");
            skus.add(sku);
            if (i % 3 == 0) {
                stock(sku, 1);
            }
            file.append(line(sku, i * 7));
        }
        assertCounts(awaitImport(startImport(file.toString()).header("Location")), 30, 20, 10, 0, 0);
        List<Document> before = inventoryOf(skus);
        JsonPath again = awaitImport(startImport(file.toString()).header("Location"));
        assertEquals("succeeded", again.getString("state"));
        assertCounts(again, 30, 0, 0, 30, 0);
        assertEquals(before, inventoryOf(skus), "nothing written, not even the updated date");
    }

    /**
     * Setting stock sets what is available, as PUT does: units held by carts stay reserved, and
     * the stocked total moves by the change of available, so stocked = available + reserved + sold.
     * Each kind of line is set on one sku by PUT and on a twin sku with the same history by the
     * import: the two end in the same state.
     */
    @Test
    void importSetsAvailableStockAsPutDoesAndKeepsReservations() {
        int[][] cases = {{10, 4, 2}, {10, 4, 0}, {5, 3, 20}, {6, 6, 0}, {8, 2, 6}, {0, 0, 3}};
        List<String> viaPut = new ArrayList<>();
        List<String> viaImport = new ArrayList<>();
        StringBuilder file = new StringBuilder();
        for (int[] c : cases) {
            int stocked = c[0];
            int inCart = c[1];
            int target = c[2];
            String put = newSku("PUT");
            String imported = newSku("IMP");
            for (String sku : List.of(put, imported)) {
                if (stocked > 0) {
                    stock(sku, stocked);
                }
                if (inCart > 0) {
                    add(newCart(), sku, inCart).then().statusCode(200);
                }
            }
            asAdmin().contentType(ContentType.JSON).body("{\"qty\":" + target + "}").put("/inventory/" + put).then().statusCode(200);
            viaPut.add(put);
            viaImport.add(imported);
            file.append(line(imported, target));
        }
        JsonPath run = awaitImport(startImport(file.toString()).header("Location"));
        assertEquals("succeeded", run.getString("state"));
        assertEquals(0, run.getInt("counts.rejected"));
        for (int i = 0; i < cases.length; i++) {
            Document put = Invariant.inventory(viaPut.get(i));
            Document imported = Invariant.inventory(viaImport.get(i));
            assertEquals(cases[i][2], available(viaImport.get(i)));
            assertEquals(cases[i][1], reserved(viaImport.get(i)), "reservations are untouched");
            for (String field : List.of("qty", "stocked", "sold")) {
                assertEquals(Invariant.num(put, field), Invariant.num(imported, field), field + " of case " + i);
            }
            assertEquals(Invariant.num(imported, "qty") + cases[i][1] + Invariant.num(imported, "sold"), Invariant.stocked(viaImport.get(i)));
        }
        Invariant.assertConservation();
    }

    /**
     * A cart reserves units of a sku after the batch was read and before it is written: that line's
     * guard matches nothing, the batch's updated skus are read again, and the line is set on what
     * is there now, as a PUT after the reservation would set it. The reservation stays whole.
     */
    @Test
    void aReservationRacingTheBatchIsKeptAndTheLineSetsTheLevelAfterIt() {
        String racing = newSku("RACE");
        String calm = newSku("RACE");
        String fresh = newSku("RACE");
        stock(racing, 10);
        stock(calm, 5);
        String cart = newCart();
        seams.raceAt(CartSeam.STOCK_IMPORT_BEFORE_WRITE, () -> add(cart, racing, 3).then().statusCode(200));
        JsonPath run = awaitImport(startImport(line(racing, 20) + line(calm, 8) + line(fresh, 4)).header("Location"));
        assertTrue(seams.raced());
        assertEquals("succeeded", run.getString("state"));
        assertCounts(run, 3, 1, 2, 0, 0);
        assertEquals(20, available(racing));
        assertEquals(3, reserved(racing), "the reservation stays whole");
        assertEquals(23, Invariant.stocked(racing), "10 stocked, 3 reserved, then available set from 7 to 20");
        assertEquals(8, available(calm));
        assertEquals(8, Invariant.stocked(calm), "set once, whatever round told it");
        assertEquals(4, Invariant.stocked(fresh));
        Invariant.assertConservation();
    }

    /** Another admin creates skus the batch read as absent: the inserts collide and those lines adjust what is there. */
    @Test
    void skusCreatedBetweenTheReadAndTheWriteAreAdjusted() {
        String sameLevel = newSku("RACE");
        String otherLevel = newSku("RACE");
        String fresh = newSku("RACE");
        seams.raceAt(CartSeam.STOCK_IMPORT_BEFORE_WRITE, () -> {
            stock(sameLevel, 6);
            stock(otherLevel, 2);
        });
        JsonPath run = awaitImport(startImport(line(sameLevel, 6) + line(otherLevel, 7) + line(fresh, 1)).header("Location"));
        assertTrue(seams.raced());
        assertEquals("succeeded", run.getString("state"));
        assertCounts(run, 3, 1, 1, 1, 0);
        assertEquals(6, Invariant.stocked(sameLevel));
        assertEquals(7, available(otherLevel));
        assertEquals(7, Invariant.stocked(otherLevel));
        assertEquals(1, Invariant.stocked(fresh));
        Invariant.assertConservation();
    }

    /** Imports of skus that carts reserve and return all the while: every write keeps the invariant. */
    @Test
    void theInvariantHoldsWhileCartsReserveDuringImports() throws Exception {
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String sku = newSku("HOT");
            stock(sku, 50);
            skus.add(sku);
        }
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService shoppers = Executors.newFixedThreadPool(4);
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int seed = t;
            running.add(shoppers.submit(() -> {
                Random random = new Random(seed);
                String cart = newCart();
                while (!stop.get()) {
                    String sku = skus.get(random.nextInt(skus.size()));
                    int status = add(cart, sku, 1 + random.nextInt(3)).statusCode();
                    assertTrue(status == 200 || status == 409, "add answered " + status);
                    if (random.nextBoolean()) {
                        remove(cart, sku);
                    }
                }
                return null;
            }));
        }
        try {
            for (int round = 0; round < 4; round++) {
                StringBuilder file = new StringBuilder();
                for (int i = 0; i < skus.size(); i++) {
                    file.append(line(skus.get(i), (round * 13 + i * 5) % 40));
                }
                JsonPath run = awaitImport(startImport(file.toString()).header("Location"));
                assertEquals("succeeded", run.getString("state"));
                assertEquals(0, run.getInt("counts.rejected"));
                Invariant.assertConservation();
            }
        } finally {
            stop.set(true);
            shoppers.shutdown();
            assertTrue(shoppers.awaitTermination(60, TimeUnit.SECONDS));
        }
        for (Future<?> shopper : running) {
            shopper.get();
        }
        Invariant.assertConservation();
    }

    @Test
    void theExportIsWhatTheImportTakesBack() {
        Map<String, Integer> mine = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            String sku = newSku("EXP");
            stock(sku, 10 + i);
            mine.put(sku, 10 + i);
        }
        String held = newSku("EXP");
        stock(held, 9);
        add(newCart(), held, 4).then().statusCode(200);
        mine.put(held, 5);

        Response export = asAdmin().get("/admin/inventory/export");
        export.then().statusCode(200).contentType(startsWith(NDJSON));
        String body = export.asString();
        Map<String, Long> exported = parse(body);
        mine.forEach((sku, qty) -> assertEquals(qty.longValue(), exported.get(sku), sku));
        List<String> order = new ArrayList<>(exported.keySet());
        List<String> sorted = new ArrayList<>(order);
        sorted.sort(String::compareTo);
        assertEquals(sorted, order, "in sku order");

        // the store drifts from the export, then the export is imported back
        List<String> changed = new ArrayList<>(mine.keySet()).subList(0, 3);
        for (String sku : changed) {
            stock(sku, 99);
        }
        JsonPath run = awaitImport(startImport(body).header("Location"));
        assertEquals("succeeded", run.getString("state"));
        assertEquals(0, run.getInt("counts.rejected"));
        assertEquals(exported.size(), run.getInt("counts.read"));
        assertTrue(run.getInt("counts.updated") >= changed.size(), run.prettify());
        Map<String, Long> now = parse(asAdmin().get("/admin/inventory/export").then().statusCode(200).extract().asString());
        exported.forEach((sku, qty) -> assertEquals(qty, now.get(sku), sku));
        assertEquals(4, reserved(held), "the reservation stays");
        Invariant.assertConservation();
    }

    @Test
    void literalPathsRouteBesideTheSkuPath() {
        String sku = newSku("IMP");
        stock(sku, 2);
        asAdmin().get("/admin/inventory/" + sku).then().statusCode(200).body("sku", equalTo(sku));
        asAdmin().get(IMPORTS).then().statusCode(200).contentType(ContentType.JSON);
        asAdmin().get("/admin/inventory/export").then().statusCode(200).contentType(startsWith(NDJSON));
        asAdmin().get(IMPORTS + "/0123456789abcdef01234567").then().statusCode(404).contentType("application/problem+json");
        asAdmin().get(IMPORTS + "/0123456789abcdef01234567/rejects").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void everyImportAndExportPathNeedsAnAdminToken() {
        String sku = newSku("IMP");
        List<Document> before = Invariant.snapshot();
        String customer = TestTokens.withRoles("customer");
        given().contentType(NDJSON).body(line(sku, 1).getBytes(StandardCharsets.UTF_8)).post("/admin/inventory/import")
                .then().statusCode(401).contentType("application/problem+json");
        given().auth().oauth2(customer).contentType(NDJSON).body(line(sku, 1).getBytes(StandardCharsets.UTF_8)).post("/admin/inventory/import")
                .then().statusCode(403).contentType("application/problem+json");
        given().auth().oauth2(TestTokens.forgedAdmin()).contentType(NDJSON).body(line(sku, 1).getBytes(StandardCharsets.UTF_8)).post("/admin/inventory/import")
                .then().statusCode(401);
        for (String path : List.of("/admin/inventory/export", IMPORTS, IMPORTS + "/0123456789abcdef01234567",
                IMPORTS + "/0123456789abcdef01234567/rejects")) {
            given().get(path).then().statusCode(401).contentType("application/problem+json");
            given().auth().oauth2(customer).get(path).then().statusCode(403).contentType("application/problem+json");
        }
        assertEquals(before, Invariant.snapshot());
    }

    // --- helpers ---

    private static String line(String sku, int qty) {
        return "{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}\n";
    }

    /**
     * Starts an import. One runs at a time on a replica, and a run is recorded as over a moment
     * before the replica takes the next: a 409 {@code import-running} is retried for a few seconds.
     */
    private static Response startImport(String ndjson) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            Response started = asAdmin().contentType(NDJSON).body(ndjson.getBytes(StandardCharsets.UTF_8)).post("/admin/inventory/import");
            if (started.statusCode() != 409 || System.nanoTime() > deadline) {
                started.then().statusCode(202);
                return started;
            }
            started.then().body("type", org.hamcrest.Matchers.endsWith("/import-running"));
            pause(20);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Follows a run until it is over (60 s at most), answering its last view. */
    private static JsonPath awaitImport(String location) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonPath run = asAdmin().get(location).then().statusCode(200).extract().jsonPath();
            String state = run.getString("state");
            if (!"queued".equals(state) && !"running".equals(state)) {
                return run;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the import is still " + state + ": " + run.prettify());
            }
            pause(20);
        }
    }

    private static void assertCounts(JsonPath run, int read, int created, int updated, int unchanged, int rejected) {
        assertEquals(List.of(read, created, updated, unchanged, rejected),
                List.of(run.getInt("counts.read"), run.getInt("counts.created"), run.getInt("counts.updated"),
                        run.getInt("counts.unchanged"), run.getInt("counts.rejected")),
                "read, created, updated, unchanged, rejected: " + run.prettify());
    }

    /** Every reject of a run, by line number, read {@code pageSize} at a time through the cursor. */
    private static Map<Long, Map<String, Object>> rejects(String runId, int pageSize) {
        Map<Long, Map<String, Object>> all = new LinkedHashMap<>();
        String cursor = null;
        do {
            var request = asAdmin().queryParam("limit", pageSize);
            if (cursor != null) {
                request = request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get(IMPORTS + "/" + runId + "/rejects").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> items = page.getList("items");
            assertTrue(items.size() <= pageSize);
            for (Map<String, Object> item : items) {
                all.put(((Number) item.get("line")).longValue(), item);
            }
            cursor = page.getString("next");
        } while (cursor != null);
        return all;
    }

    private static Map<?, ?> putProblem(String sku, String body) {
        return asAdmin().contentType(ContentType.JSON).body(body).put("/inventory/" + sku)
                .then().statusCode(400).extract().jsonPath().getMap("");
    }

    private static void assertSameProblem(Map<String, Object> reject, Map<?, ?> expected) {
        Map<?, ?> problem = (Map<?, ?>) reject.get("problem");
        for (String member : List.of("type", "title", "status", "field", "detail")) {
            assertEquals(expected.get(member), problem.get(member), member + " of " + reject);
        }
    }

    private static String field(Map<String, Object> reject) {
        return (String) ((Map<?, ?>) reject.get("problem")).get("field");
    }

    private static Map<String, Long> parse(String ndjson) {
        Map<String, Long> levels = new LinkedHashMap<>();
        for (String text : ndjson.split("\n")) {
            if (text.isBlank()) {
                continue;
            }
            Map<String, Object> line = new JsonPath(text).getMap("");
            assertEquals(2, line.size(), "only sku and qty: " + text);
            levels.put((String) line.get("sku"), ((Number) line.get("qty")).longValue());
        }
        return levels;
    }

    private static List<Document> inventoryOf(List<String> skus) {
        Map<String, Document> bySku = new HashMap<>();
        TestDatabase.database("cart").getCollection("inventory").find(new Document("_id", new Document("$in", skus)))
                .forEach(doc -> bySku.put(doc.getString("_id"), doc));
        return skus.stream().map(bySku::get).toList();
    }
}

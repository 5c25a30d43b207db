package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ProductCrudTest {

    @Test
    void createThenGetReturnsTheStoredProductWithDerivedPricing() {
        String sku = sku("crud");
        admin().body(anAlbum(sku))
                .when().post("/products")
                .then().statusCode(201)
                .header("Location", endsWith("/products/" + sku))
                .header("ETag", "\"1\"")
                .body("sku", equalTo(sku))
                .body("version", equalTo(1))
                .body("pricing.savings", equalTo(100))
                .body("pricing.pct_savings", equalTo(8))
                .body("$", not(hasKey("_id")));

        given().when().get("/products/" + sku)
                .then().statusCode(200).contentType("application/json")
                .header("ETag", "\"1\"")
                .body("sku", equalTo(sku))
                .body("type", equalTo("Audio Album"))
                .body("title", equalTo("A Love Supreme"))
                .body("pricing.currency", equalTo("USD"))
                .body("pricing.list", equalTo(1200))
                .body("pricing.retail", equalTo(1100))
                .body("pricing.savings", equalTo(100))
                .body("pricing.pct_savings", equalTo(8))
                .body("shipping.dimensions.width", equalTo(140))
                .body("details.issue_date", equalTo("1965-02-01"))
                .body("details.genre", contains("Jazz", "General"))
                .body("category_ids", equalTo(List.of()))
                .body("keywords", hasItems("love", "supreme", "john", "coltrane", "jazz"))
                .body("$", not(hasKey("_id")));

        Document stored = TestDatabase.database("catalog").getCollection("products")
                .find(new Document("sku", sku)).first();
        assertEquals(1200L, stored.get("pricing", Document.class).get("list"), "money is an exact integer");
        assertEquals(java.util.Date.class, stored.get("details", Document.class).get("issue_date").getClass());
    }

    @Test
    void clientKeywordsAreKeptWholeAndLowerCased() {
        String sku = sku("kw");
        Map<String, Object> body = anAlbum(sku);
        body.put("keywords", List.of("Cape Cod", "Whaling"));
        admin().body(body).when().post("/products").then().statusCode(201)
                .body("keywords", hasItems("cape cod", "whaling", "coltrane"));
    }

    /**
     * keywords_extra names the keywords a person typed, so that an editor (the admin console) sends
     * back only those and needs no copy of the keyword rule: the words of the title and of the details
     * are the catalog's own. It is in every answer about one product and follows the title when that
     * changes; listings leave it out.
     */
    @Test
    void theAnswerAboutOneProductNamesTheKeywordsTypedByHand() {
        String sku = sku("kw-typed");
        Map<String, Object> body = anAlbum(sku);
        body.put("keywords", List.of("Cape  Cod", "Whaling", "COLTRANE"));
        admin().body(body).when().post("/products").then().statusCode(201)
                .body("keywords", hasItems("cape cod", "whaling", "coltrane", "love", "supreme"))
                .body("keywords_extra", contains("cape cod", "whaling"));
        given().when().get("/products/" + sku).then().statusCode(200)
                .body("keywords_extra", contains("cape cod", "whaling"));

        Map<String, Object> change = anAlbum(sku);
        change.put("title", "Whaling Songs");
        change.put("keywords", List.of("cape cod", "whaling"));
        admin().header("If-Match", "1").body(change).when().put("/products/" + sku).then().statusCode(200)
                .body("keywords", hasItems("cape cod", "whaling", "songs"))
                .body("keywords_extra", contains("cape cod"));
        given().when().get("/products/" + sku).then().body("keywords_extra", contains("cape cod"));

        String listed = "items.find { it.sku == '" + sku + "' }";
        given().queryParam("keyword", "cape cod").queryParam("limit", 100).when().get("/products").then().statusCode(200)
                .body(listed + ".keywords", hasItems("cape cod", "songs"))
                .body(listed, not(hasKey("keywords_extra")));
    }

    @Test
    void aProductWithoutTypedKeywordsHasNoneExtra() {
        String sku = sku("kw-none");
        admin().body(anAlbum(sku)).when().post("/products").then().statusCode(201)
                .body("keywords", hasItems("love", "coltrane")).body("keywords_extra", equalTo(List.of()));
        given().when().get("/products/" + sku).then().body("keywords_extra", equalTo(List.of()));
    }

    @Test
    void duplicateSkuIsAConflict() {
        String sku = sku("dup");
        admin().body(anAlbum(sku)).when().post("/products").then().statusCode(201);
        List<Document> before = TestDatabase.snapshot("catalog");
        admin().body(anAlbum(sku)).when().post("/products")
                .then().statusCode(409).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/duplicate-sku"))
                .body("detail", containsString(sku));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void unknownSkuIsA404Problem() {
        given().when().get("/products/no-such-sku")
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("no-such-sku"));
        admin().when().delete("/products/no-such-sku").then().statusCode(404).contentType("application/problem+json");
        admin().header("If-Match", "1").body(anAlbum("no-such-sku")).when().put("/products/no-such-sku")
                .then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void putWithCurrentVersionReplacesAndIncrementsVersion() {
        String sku = sku("put");
        Fixtures.create(anAlbum(sku));
        Map<String, Object> change = anAlbum(sku);
        change.put("title", "A Love Supreme (Deluxe)");
        change.remove("description");
        change.put("pricing", Map.of("currency", "USD", "list", 2000, "retail", 1000));
        admin().header("If-Match", "\"1\"").body(change)
                .when().put("/products/" + sku)
                .then().statusCode(200)
                .header("ETag", "\"2\"")
                .body("version", equalTo(2))
                .body("title", equalTo("A Love Supreme (Deluxe)"))
                .body("pricing.pct_savings", equalTo(50))
                .body("$", not(hasKey("description")))
                .body("keywords", hasItems("deluxe"));
        given().when().get("/products/" + sku).then().body("version", equalTo(2)).body("pricing.retail", equalTo(1000));
    }

    @Test
    void aGetResponseCanBePutBackAsRead() {
        String sku = sku("roundtrip");
        Fixtures.create(anAlbum(sku));
        Map<String, Object> read = given().when().get("/products/" + sku).then().statusCode(200)
                .extract().jsonPath().getMap("$");
        admin().header("If-Match", "1").body(read).when().put("/products/" + sku)
                .then().statusCode(200).body("version", equalTo(2));

        // keywords_extra describes keywords: a write accepts it back and takes nothing from it
        read.put("keywords_extra", List.of("not a keyword"));
        read.put("version", 2);
        admin().header("If-Match", "2").body(read).when().put("/products/" + sku)
                .then().statusCode(200).body("version", equalTo(3))
                .body("keywords", not(hasItems("not a keyword"))).body("keywords_extra", equalTo(List.of()));
    }

    @Test
    void staleOrMissingIfMatchChangesNothing() {
        String sku = sku("stale");
        Fixtures.create(anAlbum(sku));
        admin().header("If-Match", "1").body(anAlbum(sku)).when().put("/products/" + sku).then().statusCode(200);
        List<Document> before = TestDatabase.snapshot("catalog");
        admin().header("If-Match", "1").body(anAlbum(sku))
                .when().put("/products/" + sku)
                .then().statusCode(412).contentType("application/problem+json")
                .body("currentVersion", equalTo(2));
        admin().body(anAlbum(sku))
                .when().put("/products/" + sku)
                .then().statusCode(428).contentType("application/problem+json");
        admin().header("If-Match", "abc").body(anAlbum(sku))
                .when().put("/products/" + sku)
                .then().statusCode(400).body("field", equalTo("If-Match"));
        admin().header("If-Match", "1").when().delete("/products/" + sku)
                .then().statusCode(412).contentType("application/problem+json");
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void skuInPutBodyMustMatchThePath() {
        String sku = sku("path");
        Fixtures.create(anAlbum(sku));
        List<Document> before = TestDatabase.snapshot("catalog");
        admin().header("If-Match", "1").body(anAlbum("other-sku"))
                .when().put("/products/" + sku)
                .then().statusCode(400).body("field", equalTo("sku"));
        assertEquals(before, TestDatabase.snapshot("catalog"));
    }

    @Test
    void twoConcurrentPutsWithTheSameVersionExactlyOneWins() throws Exception {
        for (int round = 0; round < 3; round++) {
            String sku = sku("race");
            Fixtures.create(anAlbum(sku));
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int writer = 0; writer < 2; writer++) {
                    Map<String, Object> change = anAlbum(sku);
                    change.put("title", "Writer " + writer);
                    results.add(pool.submit(() -> {
                        start.await();
                        Response response = admin().header("If-Match", "1").body(change).when().put("/products/" + sku);
                        return response.statusCode();
                    }));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> result : results) {
                    statuses.add(result.get(30, TimeUnit.SECONDS));
                }
                Collections.sort(statuses);
                assertEquals(List.of(200, 412), statuses, "round " + round);
            } finally {
                pool.shutdownNow();
            }
            given().when().get("/products/" + sku).then().body("version", equalTo(2));
        }
    }

    @Test
    void twoConcurrentCreatesOfTheSameSkuExactlyOneWins() throws Exception {
        String sku = sku("race-new");
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int writer = 0; writer < 2; writer++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return admin().body(anAlbum(sku)).when().post("/products").statusCode();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> result : results) {
                statuses.add(result.get(30, TimeUnit.SECONDS));
            }
            Collections.sort(statuses);
            assertEquals(List.of(201, 409), statuses);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, TestDatabase.database("catalog").getCollection("products")
                .countDocuments(new Document("sku", sku)));
    }

    @Test
    void weakAndQuotedEtagsAreAcceptedAsIfMatch() {
        String sku = sku("etag");
        Fixtures.create(anAlbum(sku));
        admin().header("If-Match", "W/\"1\"").body(anAlbum(sku)).when().put("/products/" + sku)
                .then().statusCode(200).header("ETag", "\"2\"");
        admin().header("If-Match", "2").body(anAlbum(sku)).when().put("/products/" + sku)
                .then().statusCode(200).header("ETag", "\"3\"");
    }

    @Test
    void deleteRemovesTheProduct() {
        String sku = sku("del");
        Fixtures.create(anAlbum(sku));
        admin().header("If-Match", "\"1\"").when().delete("/products/" + sku).then().statusCode(204);
        given().when().get("/products/" + sku).then().statusCode(404);
        admin().when().delete("/products/" + sku).then().statusCode(404);

        String other = sku("del");
        Fixtures.create(anAlbum(other));
        admin().when().delete("/products/" + other).then().statusCode(204);
        assertEquals(0, TestDatabase.database("catalog").getCollection("products")
                .countDocuments(new Document("sku", other)));
    }
}

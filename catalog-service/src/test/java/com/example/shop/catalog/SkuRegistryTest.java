package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoCollection;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The sku registry ({@code product_skus}) keeps a sku to one product without a unique index on
 * {@code products.skus}, which MongoDB refuses on products sharded on {@code {sku: 1}}: through the
 * HTTP API, against claims written as a write that died after claiming would leave them.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class SkuRegistryTest {

    private static MongoCollection<Document> registry() {
        return TestDatabase.database("catalog").getCollection("product_skus");
    }

    private static MongoCollection<Document> products() {
        return TestDatabase.database("catalog").getCollection("products");
    }

    /** A shirt whose second variant has the sku {@code shared}. */
    private static Map<String, Object> shirtWith(String key, String shared) {
        Map<String, Object> shirt = VariantsTest.shirt(key, "S", "black", "M", "black");
        variants(shirt).get(1).put("sku", shared);
        return shirt;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variants(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("variants");
    }

    private static Document claimOf(String sku) {
        return registry().find(new Document("_id", sku)).first();
    }

    @Test
    void noUniqueIndexOnSkusYetEverySkuOfAProductIsClaimedForIt() {
        products().listIndexes().forEach((Document index) -> assertTrue(
                !index.get("key", Document.class).containsKey("skus") || !Boolean.TRUE.equals(index.get("unique")),
                "products.skus carries no unique index, so products can be sharded on {sku: 1}: " + index.toJson()));
        String key = sku("reg");
        admin().body(VariantsTest.shirt(key, "S", "black", "M", "white")).when().post("/products").then().statusCode(201);
        for (String sku : List.of(key, key + "-S-black", key + "-M-white")) {
            assertEquals(key, claimOf(sku).getString("product"), sku);
        }
    }

    @Test
    void ofConcurrentCreatesSharingAVariantSkuExactlyOneGetsIt() throws Exception {
        String shared = sku("reg-shared");
        int writers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                Map<String, Object> body = shirtWith(sku("reg-race-" + i), shared);
                answers.add(pool.submit(() -> {
                    start.await();
                    return admin().body(body).when().post("/products");
                }));
            }
            start.countDown();
            List<String> created = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response response = answer.get();
                if (response.statusCode() == 201) {
                    created.add(response.jsonPath().getString("sku"));
                } else {
                    assertEquals(409, response.statusCode(), response.asString());
                    assertEquals("variants[1].sku", response.jsonPath().getString("field"), response.asString());
                }
            }
            assertEquals(1, created.size(), "one product holds the shared sku: " + created);
            assertEquals(1, products().countDocuments(new Document("skus", shared)));
            assertEquals(created.get(0), claimOf(shared).getString("product"));
            given().when().get("/products/" + shared).then().statusCode(200).body("sku", equalTo(created.get(0)));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRefusedCreateChangesNothingAndGivesBackItsClaims() {
        String owner = sku("reg-owner");
        admin().body(VariantsTest.shirt(owner, "S", "black")).when().post("/products").then().statusCode(201);
        String key = sku("reg-refused");
        admin().body(shirtWith(key, owner + "-S-black")).when().post("/products").then().statusCode(409)
                .body("type", equalTo("https://problems.shop.example/duplicate-sku"))
                .body("field", equalTo("variants[1].sku")).body("product", equalTo(owner));
        assertNull(claimOf(key), "the refused product's key is free again");
        assertNull(claimOf(key + "-S-black"), "and so is its other variant's sku");
        assertEquals(0, products().countDocuments(new Document("sku", key)));
        assertEquals(owner, claimOf(owner + "-S-black").getString("product"));
    }

    @Test
    void aDeletedProductsSkusAreFreeAtOnce() {
        String first = sku("reg-deleted");
        admin().body(VariantsTest.shirt(first, "S", "black", "M", "black")).when().post("/products").then().statusCode(201);
        admin().when().delete("/products/" + first).then().statusCode(204);
        assertNull(claimOf(first + "-M-black"));
        String second = sku("reg-reuse");
        admin().body(shirtWith(second, first + "-M-black")).when().post("/products").then().statusCode(201);
        assertEquals(second, claimOf(first + "-M-black").getString("product"));
    }

    @Test
    void aStaleClaimOfAWriteThatDiedIsTakenOverAndAFreshOneIsNot() {
        String stale = sku("reg-stale");
        String fresh = sku("reg-fresh");
        // as a create that died after claiming and before its insert leaves them: no product holds these skus
        registry().insertOne(new Document("_id", stale).append("product", "died-long-ago")
                .append("claimed_at", new Date(System.currentTimeMillis() - Duration.ofHours(1).toMillis())));
        registry().insertOne(new Document("_id", fresh).append("product", "in-flight").append("claimed_at", new Date()));

        String taker = sku("reg-taker");
        admin().body(shirtWith(taker, stale)).when().post("/products").then().statusCode(201);
        assertEquals(taker, claimOf(stale).getString("product"), "past the grace, the claim is taken over");

        String refused = sku("reg-wait");
        admin().body(shirtWith(refused, fresh)).when().post("/products").then().statusCode(409)
                .body("field", equalTo("variants[1].sku")).body("product", equalTo("in-flight"));
        assertEquals("in-flight", claimOf(fresh).getString("product"), "a claim within the grace may be a write in flight");
    }

    @Test
    void anOldClaimWhoseProductHoldsTheSkuIsNeverTakenOver() {
        String owner = sku("reg-holder");
        admin().body(VariantsTest.shirt(owner, "S", "black", "M", "black")).when().post("/products").then().statusCode(201);
        registry().updateOne(new Document("_id", owner + "-M-black"), new Document("$set",
                new Document("claimed_at", new Date(System.currentTimeMillis() - Duration.ofDays(30).toMillis()))));
        admin().body(shirtWith(sku("reg-late"), owner + "-M-black")).when().post("/products").then().statusCode(409)
                .body("field", equalTo("variants[1].sku")).body("product", equalTo(owner));
    }

    @Test
    void aVariantAddedClaimsItsSkuAndATakenOneIsRefused() {
        String owner = sku("reg-var-owner");
        admin().body(VariantsTest.shirt(owner, "S", "black")).when().post("/products").then().statusCode(201);
        String key = sku("reg-var");
        admin().body(VariantsTest.shirt(key, "S", "black")).when().post("/products").then().statusCode(201);

        admin().header("If-Match", "1").body(VariantsTest.variant(owner + "-S-black", "M", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(409)
                .body("field", equalTo("sku")).body("product", equalTo(owner));
        admin().header("If-Match", "1").body(VariantsTest.variant(key + "-M-black", "M", "black"))
                .when().post("/products/" + key + "/variants").then().statusCode(200);
        assertEquals(key, claimOf(key + "-M-black").getString("product"));
    }
}

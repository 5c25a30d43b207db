package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.create;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Two writes of one sku on one replica whose index changes arrive in the other order than MongoDB
 * applied them: the first write is held after its MongoDB write, before its index change, while the
 * second runs to its answer; then it is let go. Once both are answered the listing (served from the
 * index) shows what MongoDB holds, never the overtaken write's state.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class OvertakingWritesTest {

    private static List<Map<String, Object>> listed(String prefix) {
        return given().queryParam("titlePrefix", prefix).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("items");
    }

    private static Map<String, Object> titled(String sku, String title) {
        return album(sku, title, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900);
    }

    /**
     * Runs {@code first} until it is held before its index change, then {@code second} to its answer,
     * then lets {@code first} finish; returns {@code first}'s status.
     */
    private static int overtaken(String sku, Supplier<Integer> first, Runnable second) throws Exception {
        Hold hold = ArmedSeams.holdBeforeIndex(sku);
        CompletableFuture<Integer> held = CompletableFuture.supplyAsync(first);
        try {
            assertTrue(hold.awaitHeld(30), "the first write reached its index change");
            second.run();
        } finally {
            hold.release();
        }
        return held.get(60, TimeUnit.SECONDS);
    }

    @Test
    void aReplaceOvertakenByANewerReplaceLeavesTheNewerInTheListing() throws Exception {
        String word = "Overtaken" + UUID.randomUUID().toString().substring(0, 8);
        String sku = Fixtures.sku("race-put");
        create(titled(sku, word + " Created"));

        int first = overtaken(sku,
                () -> admin().header("If-Match", "\"1\"").body(titled(sku, word + " A")).when().put("/products/" + sku)
                        .then().extract().statusCode(),
                () -> admin().header("If-Match", "\"2\"").body(titled(sku, word + " B")).when().put("/products/" + sku)
                        .then().statusCode(200));

        assertEquals(200, first);
        admin().when().get("/products/" + sku).then().statusCode(200).body("title", equalTo(word + " B"));
        List<Map<String, Object>> items = listed(word);
        assertEquals(List.of(word + " B"), items.stream().map(item -> item.get("title")).toList());
        assertEquals(3, items.get(0).get("version"));
    }

    @Test
    void aReplaceOvertakenByADeleteDoesNotBringTheProductBack() throws Exception {
        String word = "Resurrected" + UUID.randomUUID().toString().substring(0, 8);
        String sku = Fixtures.sku("race-del");
        create(titled(sku, word + " Created"));

        int first = overtaken(sku,
                () -> admin().header("If-Match", "\"1\"").body(titled(sku, word + " A")).when().put("/products/" + sku)
                        .then().extract().statusCode(),
                () -> admin().when().delete("/products/" + sku).then().statusCode(204));

        assertEquals(200, first);
        admin().when().get("/products/" + sku).then().statusCode(404);
        assertEquals(List.of(), listed(word));
    }

    @Test
    void aDeleteOvertakenByAReCreateLeavesTheNewProductListed() throws Exception {
        String word = "Recreated" + UUID.randomUUID().toString().substring(0, 8);
        String sku = Fixtures.sku("race-new");
        create(titled(sku, word + " Old"));

        int first = overtaken(sku,
                () -> admin().when().delete("/products/" + sku).then().extract().statusCode(),
                () -> create(titled(sku, word + " New")));

        assertEquals(204, first);
        List<Map<String, Object>> items = listed(word);
        assertEquals(List.of(word + " New"), items.stream().map(item -> item.get("title")).toList());
        assertEquals(1, items.get(0).get("version"));
    }
}

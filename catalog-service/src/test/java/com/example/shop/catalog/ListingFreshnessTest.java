package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.create;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A write is in the listings of the replica that took it before it is answered (write-through to
 * the search index), and the list's ETag, which names the index state, moves with it.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ListingFreshnessTest {

    private static List<String> titled(String prefix) {
        return given().queryParam("titlePrefix", prefix).queryParam("limit", 100).when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("items.title");
    }

    @Test
    void createReplaceAndDeleteShowInTheNextListing() {
        String word = "Fresh" + UUID.randomUUID().toString().substring(0, 8);
        String sku = Fixtures.sku("fresh");
        create(album(sku, word + " One", "Someone", List.of("Jazz"), "2020-01-01", 1000, 900));
        assertEquals(List.of(word + " One"), titled(word));

        Map<String, Object> changed = album(sku, word + " Two", "Someone", List.of("Jazz"), "2020-01-01", 1000, 900);
        admin().header("If-Match", "\"1\"").body(changed).when().put("/products/" + sku).then().statusCode(200);
        assertEquals(List.of(word + " Two"), titled(word));
        given().queryParam("q", word.toLowerCase()).when().get("/products").then().statusCode(200)
                .body("items[0].version", equalTo(2));

        admin().when().delete("/products/" + sku).then().statusCode(204);
        assertEquals(List.of(), titled(word));
    }

    @Test
    void aRefusedWriteLeavesTheListingAsItWas() {
        String word = "Kept" + UUID.randomUUID().toString().substring(0, 8);
        String sku = Fixtures.sku("kept");
        create(album(sku, word, "Someone", List.of("Jazz"), "2020-01-01", 1000, 900));
        Map<String, Object> changed = album(sku, word + " Changed", "Someone", List.of("Jazz"), "2020-01-01", 1000, 900);
        admin().header("If-Match", "\"7\"").body(changed).when().put("/products/" + sku).then().statusCode(412);
        admin().body(album(sku, word + " Again", "Someone", List.of("Jazz"), "2020-01-01", 1000, 900))
                .when().post("/products").then().statusCode(409);
        assertEquals(List.of(word), titled(word));
    }

    @Test
    void theListTagNamesTheIndexStateAndMovesWithAWrite() {
        String first = given().when().get("/products?limit=3").then().statusCode(200).extract().header("ETag");
        assertTrue(first.startsWith("W/\""), first);
        given().header("If-None-Match", first).when().get("/products?limit=3").then().statusCode(304)
                .header("Cache-Control", org.hamcrest.Matchers.containsString("public"));

        create(Fixtures.anAlbum(Fixtures.sku("etag-list")));
        String second = given().header("If-None-Match", first).when().get("/products?limit=3").then().statusCode(200)
                .extract().header("ETag");
        assertNotEquals(first, second);
        given().header("If-None-Match", second).when().get("/products?limit=3").then().statusCode(304);
    }

    @Test
    void readinessWaitsForTheSearchIndex() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.name", hasItem("search-index"));
    }

    @Test
    void theCategoryFacetCountsEachRootsWholeSubtree() {
        String word = "Facet" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> bop = album(Fixtures.sku("fb"), word + " Bop", "X", List.of("Jazz"), "2000-01-01", 1000, 900);
        bop.put("category_ids", List.of(CategoryStub.BOP, CategoryStub.JAZZ)); // twice in one subtree: counted once
        create(bop);
        Map<String, Object> action = album(Fixtures.sku("fa"), word + " Action", "X", List.of("Jazz"), "2000-01-01", 1000, 900);
        action.put("category_ids", List.of(CategoryStub.ACTION));
        create(action);
        given().queryParam("titlePrefix", word).queryParam("facets", "category").when().get("/products").then().statusCode(200)
                .body("facets.category.slug", equalTo(List.of("films", "music")))
                .body("facets.category.name", equalTo(List.of("Films", "Music")))
                .body("facets.category.count", equalTo(List.of(1, 1)));
        given().queryParam("titlePrefix", word).queryParam("category", "music").queryParam("facets", "category")
                .when().get("/products").then().statusCode(200)
                .body("facets.category.slug", equalTo(List.of("jazz", "rock")))
                .body("facets.category.count", equalTo(List.of(1, 0)));
        // other classes count the products of the stub's categories exactly
        admin().when().delete("/products/" + bop.get("sku")).then().statusCode(204);
        admin().when().delete("/products/" + action.get("sku")).then().statusCode(204);
    }

    /** The genre facet's counts for the products whose title starts with {@code prefix}, asked in {@code sort} order, one item a page. */
    private static List<Integer> genreCounts(String prefix, String sort) {
        return given().queryParam("titlePrefix", prefix).queryParam("facets", "genre").queryParam("sort", sort)
                .queryParam("limit", 1).when().get("/products").then().statusCode(200)
                .extract().jsonPath().getList("facets.genre.count");
    }

    @Test
    void facetCountsMoveWithAWriteAndAreTheSameInEveryOrder() {
        // the counts of a listing are kept for the index state they were counted in: a write moves
        // the state, so the same listing asked again after it is counted again
        String word = "Count" + UUID.randomUUID().toString().substring(0, 8);
        String one = Fixtures.sku("fc");
        create(album(one, word + " One", "X", List.of("Jazz"), "2000-01-01", 1000, 900));
        assertEquals(List.of(1), genreCounts(word, "title"));
        assertEquals(List.of(1), genreCounts(word, "title"));
        String two = Fixtures.sku("fc");
        create(album(two, word + " Two", "X", List.of("Jazz"), "2001-01-01", 1000, 900));
        assertEquals(List.of(2), genreCounts(word, "title"));
        assertEquals(List.of(2), genreCounts(word, "-issue_date"));
        admin().when().delete("/products/" + one).then().statusCode(204);
        assertEquals(List.of(1), genreCounts(word, "-issue_date"));
        admin().when().delete("/products/" + two).then().statusCode(204);
    }
}

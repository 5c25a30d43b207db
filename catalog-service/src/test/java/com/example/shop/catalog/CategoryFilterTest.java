package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.album;
import static com.example.shop.catalog.Fixtures.film;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import io.smallrye.faulttolerance.api.CircuitBreakerState;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code ?category=slug} asks the (stubbed) category service for the subtree and filters on it. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class CategoryFilterTest {

    @Inject
    @CacheName("category-subtrees")
    Cache cache;

    private static final String RUN = UUID.randomUUID().toString().substring(0, 6);
    private static boolean loaded;

    @Inject
    CircuitBreakerMaintenance breakers;

    @BeforeEach
    void setUp() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        cache.invalidateAll().await().indefinitely();
        breakers.reset("category-service");
        if (loaded) {
            return;
        }
        // own category ids per run would be better, but the stub's tree is fixed: only this class uses these ids
        create(album("c-kob-" + RUN, "Kind of Blue", "Miles Davis", List.of("Jazz"), "1959-08-17", 1000, 600),
                CategoryStub.MODAL_JAZZ);
        create(album("c-gs-" + RUN, "Giant Steps", "John Coltrane", List.of("Jazz"), "1960-01-27", 1000, 700),
                CategoryStub.BOP);
        create(album("c-als-" + RUN, "A Love Supreme", "John Coltrane", List.of("Jazz"), "1965-02-01", 1200, 1100),
                CategoryStub.JAZZ);
        create(album("c-nm-" + RUN, "Nevermind", "Nirvana", List.of("Rock"), "1991-09-24", 1500, 1000),
                CategoryStub.ROCK);
        create(film("c-mx-" + RUN, "The Matrix", List.of("Keanu Reeves"), List.of("Action"), "1999-03-31", 2000, 1400),
                CategoryStub.ACTION, CategoryStub.FILMS);
        loaded = true;
    }

    @AfterEach
    void restore() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        breakers.reset("category-service");
    }

    private static void create(Map<String, Object> body, String... categoryIds) {
        body.put("category_ids", List.of(categoryIds));
        Fixtures.create(body);
    }

    private static List<String> skus(Map<String, ?> query) {
        return given().queryParams(query).when().get("/products").then().statusCode(200)
                .extract().jsonPath().getList("items.sku");
    }

    @Test
    void categoryIncludesItsSubcategories() {
        assertEquals(List.of("c-als-" + RUN, "c-gs-" + RUN, "c-kob-" + RUN), skus(Map.of("category", "jazz")));
        assertEquals(List.of("c-gs-" + RUN), skus(Map.of("category", "bop")));
        assertEquals(List.of("c-als-" + RUN, "c-gs-" + RUN, "c-kob-" + RUN, "c-nm-" + RUN),
                skus(Map.of("category", "music")));
        assertEquals(List.of("c-mx-" + RUN), skus(Map.of("category", "films")));
    }

    @Test
    void categoryCombinesWithFiltersSortsAndPages() {
        assertEquals(List.of("c-als-" + RUN, "c-gs-" + RUN, "c-kob-" + RUN),
                skus(Map.of("category", "music", "genre", "Jazz", "sort", "-issue_date")));
        assertEquals(List.of("c-kob-" + RUN, "c-nm-" + RUN, "c-gs-" + RUN),
                skus(Map.of("category", "music", "minSavingsPct", 10, "sort", "-pct_savings")));
        String next = given().queryParams(Map.of("category", "music", "sort", "price", "limit", 2)).when().get("/products")
                .then().statusCode(200).body("items.sku", equalTo(List.of("c-kob-" + RUN, "c-gs-" + RUN)))
                .extract().jsonPath().getString("next");
        given().queryParams(Map.of("category", "music", "sort", "price", "limit", 2, "cursor", next)).when().get("/products")
                .then().statusCode(200).body("items.sku", equalTo(List.of("c-nm-" + RUN, "c-als-" + RUN)));
        given().queryParams(Map.of("category", "jazz", "sort", "price", "limit", 2, "cursor", next)).when().get("/products")
                .then().statusCode(400).body("field", equalTo("cursor"));
    }

    @Test
    void unknownCategoryIs404NamingIt() {
        given().queryParam("category", "polka").when().get("/products")
                .then().statusCode(404).contentType("application/problem+json")
                .body("category", equalTo("polka"))
                .body("detail", containsString("polka"));
    }

    @Test
    void aSlugTheCategoryServiceCouldNeverHaveIs400WithoutACall() {
        int before = CategoryStub.calls();
        for (String slug : List.of("../admin", "Jazz", "modal--jazz", "-jazz", "jazz-", "modal_jazz", "jazz.", "j".repeat(65))) {
            given().queryParam("category", slug).when().get("/products")
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("field", equalTo("category"));
        }
        assertEquals(0, CategoryStub.calls() - before, "no call for a slug the category service cannot have");
        given().queryParam("category", "modal-jazz").when().get("/products").then().statusCode(200);
    }

    @Test
    void categoryServiceDownIs503() {
        CategoryStub.mode(CategoryStub.Mode.ERROR);
        given().queryParam("category", "jazz").when().get("/products")
                .then().statusCode(503).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/service-unavailable"))
                .body("dependency", equalTo("category-service"))
                .body("detail", containsString("category service"));
        CategoryStub.mode(CategoryStub.Mode.GARBAGE);
        given().queryParam("category", "jazz").when().get("/products")
                .then().statusCode(503).body("dependency", equalTo("category-service"));
    }

    @Test
    void slowCategoryServiceTimesOutWith503() {
        CategoryStub.mode(CategoryStub.Mode.SLOW);
        long start = System.nanoTime();
        given().queryParam("category", "rock").when().get("/products")
                .then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("category-service"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < CategoryStub.SLOW_MILLIS, "answered after " + millis + " ms: the timeout did not cut it");
    }

    @Test
    void aFailingCategoryServiceOpensTheBreakerAndIsNoLongerCalled() {
        CategoryStub.mode(CategoryStub.Mode.ERROR);
        for (int i = 0; i < 20; i++) {
            given().queryParam("category", "jazz").when().get("/products").then().statusCode(503);
        }
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState("category-service"));
        CategoryStub.mode(CategoryStub.Mode.UP);
        int before = CategoryStub.calls();
        given().queryParam("category", "jazz").when().get("/products")
                .then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("category-service"));
        assertEquals(0, CategoryStub.calls() - before, "an open breaker answers without calling");
    }

    @Test
    void unknownSlugsAreAnswersNotFailures() {
        for (int i = 0; i < 25; i++) {
            given().queryParam("category", "polka").when().get("/products").then().statusCode(404);
        }
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState("category-service"));
        assertEquals(List.of("c-gs-" + RUN), skus(Map.of("category", "bop")));
    }

    @Test
    void answersAreCachedBriefly() {
        int before = CategoryStub.calls();
        skus(Map.of("category", "films"));
        skus(Map.of("category", "films"));
        skus(Map.of("category", "films", "type", "Film"));
        assertEquals(1, CategoryStub.calls() - before);
        CategoryStub.mode(CategoryStub.Mode.ERROR);
        assertEquals(List.of("c-mx-" + RUN), skus(Map.of("category", "films")), "served from the cache");
    }
}

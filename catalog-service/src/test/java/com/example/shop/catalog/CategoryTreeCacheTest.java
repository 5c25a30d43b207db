package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The category facet's tree is fetched again in the background once it is older than
 * {@code catalog.category-tree.refresh-after} (1 s in tests): no request waits for the category
 * service then, and a tree is kept at most {@code keep-at-most} (4 s in tests) while the category
 * service cannot give a new one; after that the facet is the 503 naming the category service.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class CategoryTreeCacheTest {

    @Inject
    CircuitBreakerMaintenance breakers;

    @BeforeEach
    void setUp() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        breakers.reset("category-service-tree");
    }

    @AfterEach
    void restore() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        breakers.reset("category-service-tree");
    }

    @Test
    void anOldTreeIsFetchedAgainInTheBackgroundWhileRequestsGetTheOneThereIs() throws Exception {
        rootsOfTheFacet(); // the tree is there now
        int asked = CategoryStub.treeCalls();
        CategoryStub.mode(CategoryStub.Mode.SLOW);
        Thread.sleep(1_200); // older than refresh-after

        long start = System.nanoTime();
        assertEquals(List.of("films", "music"), rootsOfTheFacet());
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertTrue(millis < CategoryStub.SLOW_MILLIS / 2, "waited " + millis + " ms for the slow category service");
        long deadline = System.currentTimeMillis() + 2_000;
        while (CategoryStub.treeCalls() == asked && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(CategoryStub.treeCalls() > asked, "the old tree was not fetched again");
    }

    @Test
    void aTreeIsKeptAtMostKeepAtMostWhileTheCategoryServiceFails() throws Exception {
        rootsOfTheFacet();
        long kept = System.nanoTime();
        CategoryStub.mode(CategoryStub.Mode.ERROR);
        Thread.sleep(1_200);

        assertEquals(List.of("films", "music"), rootsOfTheFacet(), "within keep-at-most: the tree it had");

        Thread.sleep(Math.max(0, 4_500 - (System.nanoTime() - kept) / 1_000_000));
        given().queryParam("facets", "category").when().get("/products")
                .then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("category-service"));
        CategoryStub.mode(CategoryStub.Mode.UP);
        assertEquals(List.of("films", "music"), rootsOfTheFacet(), "and the tree again once the category service answers");
    }

    private static List<String> rootsOfTheFacet() {
        return given().queryParam("facets", "category").when().get("/products")
                .then().statusCode(200).extract().jsonPath().getList("facets.category.slug", String.class);
    }
}

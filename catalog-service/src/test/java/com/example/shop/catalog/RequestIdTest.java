package com.example.shop.catalog;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.publicapi.RequestIds;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.LogCapture;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A listing by category followed by its X-Request-Id: answered by the catalog, sent on to the
 * category service (the stub records what arrives), and carried by the catalog's log line of that
 * request.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class RequestIdTest {

    static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @Inject
    @CacheName("category-subtrees")
    Cache subtrees;

    @Inject
    CircuitBreakerMaintenance breakers;

    private static boolean warm;

    @BeforeEach
    void freshCalls() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        if (!warm) {
            // The first REST-client call of a fresh application (class loading, the first connection) can
            // outlast the test profile's 1 s timeout on a loaded machine; what is tested here is what a call
            // carries, so the client is warmed up first.
            for (int i = 0; i < 5 && given().queryParam("category", "films").get("/products").statusCode() != 200; i++) {
                breakers.reset("category-service");
            }
            warm = true;
        }
        subtrees.invalidateAll().await().indefinitely();
        breakers.reset("category-service");
    }

    @AfterEach
    void restore() {
        CategoryStub.mode(CategoryStub.Mode.UP);
        breakers.reset("category-service");
    }

    @Test
    void aListingByCategorySendsItsIdToTheCategoryServiceAndAnswersIt() {
        given().header(RequestIds.HEADER, "listing-1.j").queryParam("category", "jazz").get("/products")
                .then().statusCode(200).header(RequestIds.HEADER, "listing-1.j");
        assertEquals("listing-1.j", CategoryStub.lastRequestId());
    }

    @Test
    void aListingWithoutAValidIdSendsTheOneItWasGiven() {
        for (String offered : new String[] {null, "no spaces allowed", "y".repeat(RequestIds.MAX_LENGTH + 1)}) {
            subtrees.invalidateAll().await().indefinitely();
            var request = given().queryParam("category", "bop");
            if (offered != null) {
                request.header(RequestIds.HEADER, offered);
            }
            Response response = request.get("/products");
            response.then().statusCode(200).header(RequestIds.HEADER, matchesPattern(UUID));
            assertEquals(response.header(RequestIds.HEADER), CategoryStub.lastRequestId());
        }
    }

    @Test
    void theLogLineOfAListingCarriesItsId() {
        CategoryStub.mode(CategoryStub.Mode.ERROR);
        try (LogCapture log = LogCapture.of("com.example.shop.catalog", RequestIds.MDC_KEY)) {
            given().header(RequestIds.HEADER, "listing-2.k").queryParam("category", "rock").get("/products")
                    .then().statusCode(503).header(RequestIds.HEADER, "listing-2.k");
            LogCapture.Line line = log.await(l -> l.message().startsWith("Category service could not resolve 'rock'"));
            assertEquals("listing-2.k", line.mdc());
        }
        assertEquals("listing-2.k", CategoryStub.lastRequestId());
    }

    @Test
    void aProductReadAnswersTheIdItCameWith() {
        given().header(RequestIds.HEADER, "read-3").get("/products/no-such-sku")
                .then().statusCode(404).header(RequestIds.HEADER, "read-3");
        String minted = given().get("/products/no-such-sku").then().statusCode(404).extract().header(RequestIds.HEADER);
        assertTrue(minted.matches(UUID), minted);
    }
}

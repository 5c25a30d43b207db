package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.create;
import static com.example.shop.catalog.Fixtures.sku;
import static com.example.shop.testsupport.FailPoints.assertRetryLater;
import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.FailPoints;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a client sees while the replica set steps down, fails over or cannot reach a majority: the
 * test database answers the command behind a real endpoint with MongoDB's own error code
 * ({@link FailPoints}), the real driver raises its real exception class, and the answer is a 503
 * {@code service-unavailable} problem with {@code Retry-After} and {@code dependency: mongodb},
 * never a 500. Armed "always": the driver's own single retry must not hide the failure here.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class TransientDatabaseErrorsTest {

    @AfterEach
    void off() {
        FailPoints.off();
    }

    /** MongoNotPrimaryException (10107) and MongoNodeIsRecoveringException (91, 11602, 189) on a write. */
    @ParameterizedTest
    @ValueSource(ints = {10107, 91, 11602, 189})
    void aProductCreatedDuringAStepDownIsA503AndNotStored(int code) {
        String sku = sku("stepdown-" + code);
        FailPoints.always("insert", code);
        assertRetryLater(admin().body(anAlbum(sku)).when().post("/products").then());
        FailPoints.off();
        given().get("/products/" + sku).then().statusCode(404);
    }

    /** 13435 NotPrimaryNoSecondaryOk and 91 on a read: a find wraps them in a MongoQueryException. */
    @ParameterizedTest
    @ValueSource(ints = {13435, 91})
    void aReadDuringAFailoverIsA503(int code) {
        String sku = sku("read-" + code);
        create(anAlbum(sku));
        FailPoints.always("find", code);
        assertRetryLater(given().get("/products/" + sku).then());
    }

    /** MongoExecutionTimeoutException (50): a query over its time limit. */
    @Test
    void aQueryOverItsTimeLimitIsA503() {
        String sku = sku("timeout");
        create(anAlbum(sku));
        FailPoints.always("find", 50);
        assertRetryLater(given().get("/products/" + sku).then());
    }

    /** Listings are read from this replica's search index: a database that fails does not fail them. */
    @Test
    void listingsAreServedFromTheSearchIndexWhileTheDatabaseFails() {
        String sku = sku("listed");
        create(anAlbum(sku));
        FailPoints.always("find", 50);
        given().queryParam("titlePrefix", "A Love").queryParam("limit", 100).get("/products").then().statusCode(200);
    }

    /** MongoWriteConcernException: applied on the primary, not acknowledged by a majority in time. */
    @Test
    void aWriteConcernFailureIsA503() {
        String sku = sku("wc");
        create(anAlbum(sku));
        FailPoints.writeConcernErrorAlways("findAndModify", 64, "waiting for replication timed out");
        Map<String, Object> changed = anAlbum(sku);
        changed.put("title", "A Love Supreme (remaster)");
        assertRetryLater(admin().header("If-Match", "\"1\"").body(changed).when().put("/products/" + sku).then());
    }

    /** Any MongoException labelled RetryableWriteError, whatever its code. */
    @Test
    void anErrorLabelledRetryableWriteErrorIsA503() {
        String sku = sku("labelled");
        create(anAlbum(sku));
        FailPoints.always("findAndModify", 89, "RetryableWriteError"); // a delete is a findOneAndDelete
        assertRetryLater(admin().header("If-Match", "\"1\"").when().delete("/products/" + sku).then());
        FailPoints.off();
        given().get("/products/" + sku).then().statusCode(200);
    }
}

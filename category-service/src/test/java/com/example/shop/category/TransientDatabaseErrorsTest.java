package com.example.shop.category;

import static com.example.shop.category.support.Api.asAdmin;
import static com.example.shop.category.support.Api.created;
import static com.example.shop.category.support.Api.move;
import static com.example.shop.category.support.Api.rename;
import static com.example.shop.testsupport.FailPoints.assertRetryLater;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.FailPoints;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
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
class TransientDatabaseErrorsTest {

    @AfterEach
    void off() {
        FailPoints.off();
    }

    private static String slug(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** MongoNotPrimaryException (10107) and MongoNodeIsRecoveringException (91, 11602, 189) on a create. */
    @ParameterizedTest
    @ValueSource(ints = {10107, 91, 11602, 189})
    void aCategoryCreatedDuringAStepDownIsA503AndNotStored(int code) {
        String slug = slug("stepdown");
        FailPoints.always("insert", code);
        assertRetryLater(asAdmin().body("{\"name\":\"Step\",\"slug\":\"" + slug + "\"}").post("/categories").then());
        FailPoints.off();
        given().get("/categories/" + slug).then().statusCode(404);
    }

    /** MongoNotPrimaryException on a rename (an update command). */
    @Test
    void aRenameDuringAStepDownIsA503() {
        String slug = slug("rename");
        created("Rename me", slug, null);
        FailPoints.always("update", 10107);
        assertRetryLater(rename(slug, "Renamed").then());
        FailPoints.off();
        given().get("/categories/" + slug).then().statusCode(200).body("name", equalTo("Rename me"));
    }

    /** 13435 NotPrimaryNoSecondaryOk and 91 on a read (a find wraps them in a MongoQueryException), and 50 MaxTimeMSExpired. */
    @ParameterizedTest
    @ValueSource(ints = {13435, 91, 50})
    void aReadDuringAFailoverIsA503(int code) {
        String slug = slug("read");
        created("Read", slug, null);
        FailPoints.always("find", code);
        assertRetryLater(given().get("/categories/" + slug).then());
    }

    /** A move's bulkWrite whose write concern fails: MongoBulkWriteException with a write-concern error only. */
    @Test
    void aMoveWhoseWriteConcernFailsIsA503() {
        String parent = slug("parent");
        String child = slug("child");
        created("Parent", parent, null);
        created("Child", child, null);
        FailPoints.writeConcernErrorAlways("update", 64, "waiting for replication timed out");
        assertRetryLater(move(child, parent).then());
    }

    /** Any MongoException labelled RetryableWriteError, whatever its code. */
    @Test
    void anErrorLabelledRetryableWriteErrorIsA503() {
        String slug = slug("labelled");
        created("Labelled", slug, null);
        FailPoints.always("delete", 89, "RetryableWriteError");
        assertRetryLater(asAdmin().delete("/categories/" + slug).then());
        FailPoints.off();
        given().get("/categories/" + slug).then().statusCode(200);
    }
}

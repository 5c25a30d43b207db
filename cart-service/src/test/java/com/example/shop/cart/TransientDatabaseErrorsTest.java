package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.testsupport.FailPoints.assertRetryLater;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.FailPoints;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
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
@QuarkusTestResource(CatalogStub.class)
class TransientDatabaseErrorsTest {

    @AfterEach
    void off() {
        FailPoints.off();
    }

    /** MongoNotPrimaryException (10107) and MongoNodeIsRecoveringException (91, 11602, 189): a new cart during a step-down. */
    @ParameterizedTest
    @ValueSource(ints = {10107, 91, 11602, 189})
    void aCartCreatedDuringAStepDownIsA503(int code) {
        FailPoints.always("insert", code);
        assertRetryLater(given().post("/carts").then());
    }

    /** 13435 NotPrimaryNoSecondaryOk and 91 on a read (a find wraps them in a MongoQueryException), and 50 MaxTimeMSExpired. */
    @ParameterizedTest
    @ValueSource(ints = {13435, 91, 50})
    void aCartReadDuringAFailoverIsA503(int code) {
        String cart = Api.newCart();
        FailPoints.always("find", code);
        assertRetryLater(given().get("/carts/" + cart).then());
    }

    /**
     * MongoWriteConcernException: the reservation reached the primary but not a majority in time. The
     * write stands, and so may the unit it reserved for a line the cart never got (the add's undo fails
     * the same way): the cleanup returns it, so that the stock adds up again, for this sku and for the
     * tests that check every sku's invariant after this one.
     */
    @Test
    void anAddToCartWhoseWriteConcernFailsIsA503AndTheCleanupReturnsWhatItLeft() {
        String sku = Api.newSku("WC");
        Api.stock(sku, 5);
        String cart = Api.newCart();
        FailPoints.writeConcernErrorAlways("update", 64, "waiting for replication timed out");
        assertRetryLater(Api.add(cart, sku, 1).then());
        FailPoints.off();

        Api.job("cleanup-inventory", "PT0S").then().statusCode(200);
        List<Map<String, Object>> lines = given().get("/carts/" + cart).then().statusCode(200).extract().path("items");
        long inLine = lines.stream().mapToLong(line -> ((Number) line.get("qty")).longValue()).sum();
        assertEquals(inLine, Api.reserved(sku), "reserved is what the cart's line holds: " + lines);
        assertEquals(5 - inLine, Api.available(sku));
    }

    /** Any MongoException labelled RetryableWriteError, whatever its code: a restock. */
    @Test
    void anErrorLabelledRetryableWriteErrorIsA503() {
        String sku = Api.newSku("LABEL");
        Api.stock(sku, 5);
        FailPoints.always("findAndModify", 89, "RetryableWriteError"); // a restock returns the stock as written
        assertRetryLater(asAdmin().contentType(ContentType.JSON).body("{\"qty\":3}").post("/inventory/" + sku + "/restock").then());
        FailPoints.off();
        given().get("/inventory/" + sku).then().statusCode(200).body("available", equalTo(5));
    }
}

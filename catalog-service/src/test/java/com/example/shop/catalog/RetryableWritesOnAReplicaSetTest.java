package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.FailPoints;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On a replica set a write interrupted by a step-down is sent once more by the driver (retryable
 * writes, on in the shared client settings): the client never sees the one failure. Needs a
 * replica set: on the embedded server (a standalone, where the driver does not retry writes) it is
 * SKIPPED; it runs against the mongo:7 container (Docker engine or TEST_MONGO=container).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class RetryableWritesOnAReplicaSetTest {

    @AfterEach
    void off() {
        FailPoints.off();
    }

    @Test
    void oneStepDownDuringACreateIsInvisibleToTheClient() {
        MongoTestResource.assumeRealMongoDb("a write retried after a step-down (the embedded server is a standalone,"
                + " where the driver does not retry writes)");
        String sku = sku("retried");
        FailPoints.times(1, "insert", 91);
        admin().body(anAlbum(sku)).when().post("/products").then().statusCode(201);
        given().get("/products/" + sku).then().statusCode(200);
    }
}

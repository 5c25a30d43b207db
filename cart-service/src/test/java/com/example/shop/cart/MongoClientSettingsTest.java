package com.example.shop.cart;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.SharedClientSettings;
import com.mongodb.client.MongoClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The cart service's injected client has the shared settings: retryable writes, w: majority (nothing here overrides them). */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class MongoClientSettingsTest {

    @Inject
    MongoClient mongo;

    @Test
    void retryableWritesAndMajorityWriteConcernAreInForce() {
        SharedClientSettings.assertInForce(mongo);
    }
}

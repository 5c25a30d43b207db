package com.example.shop.web.database;

import com.example.shop.testsupport.SharedClientSettings;
import com.mongodb.client.MongoClient;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The shared client settings (this module's META-INF/microprofile-config.properties) are in force in the built client. */
@QuarkusTest
class MongoClientSettingsTest {

    @Inject
    MongoClient mongo;

    @Test
    void retryableWritesAndMajorityWriteConcernAreInForce() {
        SharedClientSettings.assertInForce(mongo);
    }
}

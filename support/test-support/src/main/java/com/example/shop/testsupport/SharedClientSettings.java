package com.example.shop.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.internal.MongoClientImpl;
import io.quarkus.arc.ClientProxy;
import java.util.concurrent.TimeUnit;

/**
 * The MongoDB client settings every service shares (web-support's
 * {@code META-INF/microprofile-config.properties}), read back from the client a service really
 * got injected: the Quarkus client applies its own write-concern defaults after the connection
 * string, so only the built client tells what is in force.
 */
public final class SharedClientSettings {

    private SharedClientSettings() {
    }

    public static void assertInForce(MongoClient injected) {
        MongoClientSettings settings = ((MongoClientImpl) ClientProxy.unwrap(injected)).getSettings();
        assertTrue(settings.getRetryWrites(), "retryable writes");
        assertTrue(settings.getRetryReads(), "retryable reads");
        WriteConcern concern = settings.getWriteConcern();
        assertEquals("majority", concern.getWString(), "w in " + concern);
        assertEquals(Boolean.TRUE, concern.getJournal(), "j in " + concern);
        assertEquals(5000, concern.getWTimeout(TimeUnit.MILLISECONDS), "wtimeout in " + concern);
        assertEquals(concern, injected.getDatabase("any").getWriteConcern(), "what a database of the client uses");
    }
}

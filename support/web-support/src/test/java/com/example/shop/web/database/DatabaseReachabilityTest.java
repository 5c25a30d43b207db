package com.example.shop.web.database;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * What the driver knows of the server, over the wire to a real server that goes away and comes back:
 * writable while it answers; not, and refused at once rather than after the selection timeout, once
 * a command has found it gone; writable again once a command has found it back.
 */
class DatabaseReachabilityTest {

    private static final long SELECTION_TIMEOUT_MS = 2000;

    @Test
    void followsTheServerAwayAndBackWithoutWaitingForIt() {
        EmbeddedMongo server = EmbeddedMongo.inMemory();
        int port = server.port();
        try (MongoClient client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(server.connectionString()))
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(SELECTION_TIMEOUT_MS, TimeUnit.MILLISECONDS))
                .build())) {
            DatabaseReachability database = new DatabaseReachability(client);
            ping(client);
            assertTrue(database.writable());
            database.requireWritable("a test");

            server.close();
            assertThrows(MongoException.class, () -> ping(client));
            assertFalse(database.writable(), "a command found the server gone");
            long began = System.nanoTime();
            assertThrows(MongoTimeoutException.class, () -> database.requireWritable("a test"));
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            assertTrue(tookMs < SELECTION_TIMEOUT_MS / 4, "refused in " + tookMs + " ms, not after the selection timeout");

            server = EmbeddedMongo.inMemory("127.0.0.1", port);
            ping(client);
            assertTrue(database.writable(), "a command found the server back");
        } finally {
            server.close();
        }
    }

    private static void ping(MongoClient client) {
        client.getDatabase("admin").runCommand(new Document("ping", 1));
    }
}

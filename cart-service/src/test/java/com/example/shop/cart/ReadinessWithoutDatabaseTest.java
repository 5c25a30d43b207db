package com.example.shop.cart;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.example.shop.testsupport.JwtTestResource;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * With MongoDB unreachable the service still starts, reports not ready, and answers 503 problems.
 * When the database then comes (a replica set that got its primary after the service started), the
 * job indexes are created and readiness goes UP, without a restart.
 */
@QuarkusTest
@TestProfile(ReadinessWithoutDatabaseTest.NoDatabase.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class ReadinessWithoutDatabaseTest {

    public static class NoDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:" + freePort(),
                    "quarkus.mongodb.server-selection-timeout", "300ms",
                    "shop.schema.retry-every", "200ms",
                    "quarkus.log.category.\"org.mongodb\".level", "OFF");
        }
    }

    @Inject
    @ConfigProperty(name = "quarkus.mongodb.connection-string")
    String connectionString;

    @Test
    void notReadyWithoutTheDatabaseThenReadyWithItsIndexesOnceItAnswers() throws Exception {
        given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
        given().get("/q/health/live").then().statusCode(200);
        given().post("/carts").then().statusCode(503).contentType("application/problem+json")
                .header("Retry-After", "2").body("dependency", equalTo("mongodb"));
        given().get("/inventory/ANY-SKU").then().statusCode(503).contentType("application/problem+json");

        try (EmbeddedMongo database = EmbeddedMongo.inMemory("127.0.0.1", URI.create(connectionString).getPort());
             MongoClient client = MongoClients.create(database.connectionString())) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (given().get("/q/health/ready").statusCode() != 200 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            given().get("/q/health/ready").then().statusCode(200)
                    .body("checks.find { it.name == 'mongodb-schema' }.status", equalTo("UP"));
            Set<String> indexes = new TreeSet<>();
            client.getDatabase("cart").getCollection("cart").listIndexes().forEach(i -> indexes.add(i.getString("name")));
            client.getDatabase("cart").getCollection("inventory").listIndexes().forEach(i -> indexes.add(i.getString("name")));
            assertTrue(indexes.containsAll(Set.of("available", "reserved")), indexes::toString);
            given().post("/carts").then().statusCode(201);
            assertEquals(1, client.getDatabase("cart").getCollection("cart").countDocuments());
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}

package com.example.shop.web.database;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The service starts before its database answers (a first deploy, before the replica set has a
 * primary): readiness is DOWN; once the database answers, the indexes appear and readiness goes
 * UP, with no restart of the service.
 */
@QuarkusTest
@TestProfile(DatabaseLaterThanServiceTest.NothingListening.class)
class DatabaseLaterThanServiceTest {

    public static class NothingListening implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:" + freePort(),
                    "quarkus.mongodb.database", "probe",
                    "quarkus.mongodb.server-selection-timeout", "300ms",
                    "shop.schema.retry-every", "200ms");
        }
    }

    @Inject
    @ConfigProperty(name = "quarkus.mongodb.connection-string")
    String connectionString;

    @Test
    void indexesAppearAndReadinessGoesUpOnceTheDatabaseAnswers() throws Exception {
        given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'mongodb-schema' }.status", equalTo("DOWN"));
        given().contentType("application/json").body("{\"sku\":\"a\"}").post("/probe/indexed")
                .then().statusCode(503).contentType("application/problem+json")
                .header("Retry-After", "2").body("dependency", equalTo("mongodb"));

        int port = URI.create(connectionString).getPort();
        try (EmbeddedMongo database = EmbeddedMongo.inMemory("127.0.0.1", port);
             MongoClient client = MongoClients.create(database.connectionString())) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            JsonPath health;
            do {
                Thread.sleep(100);
                health = given().get("/q/health/ready").then().extract().jsonPath();
            } while (!"UP".equals(health.getString("status")) && System.nanoTime() < deadline);
            assertTrue("UP".equals(health.getString("status")), "readiness after the database came: " + health.prettify());
            List<String> names = new ArrayList<>();
            client.getDatabase("probe").getCollection(ProbeIndexes.COLLECTION).listIndexes()
                    .forEach(index -> names.add(index.getString("name")));
            assertTrue(names.containsAll(List.of("sku_unique", "status_at")), names::toString);
            given().contentType("application/json").body("{\"sku\":\"a\"}").post("/probe/indexed").then().statusCode(201);
            given().get("/q/health/ready").then().statusCode(200)
                    .body("checks.name", hasItem("mongodb-schema"));
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

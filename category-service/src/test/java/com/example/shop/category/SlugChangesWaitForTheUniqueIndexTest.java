package com.example.shop.category;

import static com.example.shop.category.support.Api.asAdmin;
import static com.example.shop.category.support.Api.patch;
import static com.example.shop.category.support.Api.rename;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * The unique slug index cannot be created (a NON-unique index on {@code slug} is in the way, under
 * another name): readiness stays DOWN naming the conflict, and every write that relies on slug
 * uniqueness (a slug change, a create) is refused with a 503 instead of being done without the
 * only guard against duplicate slugs. A rename that keeps the slug, and reads, still work.
 */
@QuarkusTest
@TestProfile(SlugChangesWaitForTheUniqueIndexTest.PlainSlugIndex.class)
class SlugChangesWaitForTheUniqueIndexTest {

    static final String DATABASE = "categories_plain_slug_index";

    public static class PlainSlugIndex implements QuarkusTestProfile {
        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("shop.schema.retry-every", "200ms");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(PlainSlugIndexResource.class), new TestResourceEntry(JwtTestResource.class));
        }
    }

    /** The test database with a non-unique slug index and one category, before the service starts. */
    public static class PlainSlugIndexResource implements QuarkusTestResourceLifecycleManager {
        private final MongoTestResource mongo = new MongoTestResource();

        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(mongo.start());
            try (MongoClient client = MongoClients.create(config.get("quarkus.mongodb.connection-string"))) {
                MongoDatabase database = client.getDatabase(DATABASE);
                database.getCollection("categories").createIndex(Indexes.ascending("slug"), new IndexOptions().name("slug_1"));
                database.getCollection("categories").insertOne(new Document("_id", new ObjectId()).append("slug", "jazz")
                        .append("name", "Jazz").append("parent", null).append("ancestors", List.of()));
            }
            config.put("quarkus.mongodb.database", DATABASE);
            return config;
        }

        @Override
        public void stop() {
            mongo.stop();
        }
    }

    @Test
    void slugChangesAndCreatesAreRefusedUntilTheIndexExists() {
        given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'mongodb-schema' }.data.pending", containsString("slug_unique"));
        patch("jazz", Map.of("slug", "modern-jazz")).then().statusCode(503).contentType("application/problem+json")
                .body("dependency", equalTo("mongodb"));
        asAdmin().body("{\"name\":\"Bop\",\"slug\":\"bop\"}").post("/categories").then().statusCode(503)
                .body("dependency", equalTo("mongodb"));
        given().get("/categories/jazz").then().statusCode(200).body("slug", equalTo("jazz"));
        given().get("/categories/bop").then().statusCode(404);
        rename("jazz", "All that Jazz").then().statusCode(200).body("name", equalTo("All that Jazz"));
    }
}

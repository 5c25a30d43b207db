package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.anAlbum;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * {@code products} was sharded on {@code {sku: 1}} before the catalog ever ran, so it holds the
 * unique index {@code shardCollection} creates, {@code sku_1}. MongoDB then refuses the catalog's
 * {@code sku_unique} (same keys, other name: error 85); the catalog counts {@code sku_1} as its
 * unique sku index, is ready, and a duplicate sku is still a 409.
 */
@QuarkusTest
@TestProfile(ShardedBeforeTheServiceTest.ShardKeyIndexFirst.class)
class ShardedBeforeTheServiceTest {

    static final String DATABASE = "catalog_sharded_first";

    public static class ShardKeyIndexFirst implements QuarkusTestProfile {
        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ShardKeyIndexResource.class), new TestResourceEntry(JwtTestResource.class),
                    new TestResourceEntry(CategoryStub.class));
        }
    }

    /** The test database, with the index shardCollection leaves behind created before the service starts. */
    public static class ShardKeyIndexResource implements QuarkusTestResourceLifecycleManager {
        private final MongoTestResource mongo = new MongoTestResource();

        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(mongo.start());
            try (MongoClient client = MongoClients.create(config.get("quarkus.mongodb.connection-string"))) {
                client.getDatabase(DATABASE).getCollection("products")
                        .createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_1"));
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
    void theShardKeyIndexServesAsTheUniqueSkuIndex() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'mongodb-schema' }.status", equalTo("UP"));
        List<String> unique = new ArrayList<>();
        TestDatabase.database(DATABASE).getCollection("products").listIndexes().forEach((Document index) -> {
            if (Boolean.TRUE.equals(index.get("unique")) && index.get("key", Document.class).containsKey("sku")) {
                unique.add(index.getString("name"));
            }
        });
        assertEquals(List.of("sku_1"), unique, "one unique sku index, not two");
        String sku = sku("sharded");
        admin().body(anAlbum(sku)).when().post("/products").then().statusCode(201);
        admin().body(anAlbum(sku)).when().post("/products").then().statusCode(409).body("type",
                equalTo("https://problems.shop.example/duplicate-sku"));
    }
}

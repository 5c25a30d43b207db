package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.product.VariantMigration;
import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A store written by the catalog before the sku registry: products with their {@code skus}, the
 * unique {@code skus_unique} index on them, no {@code product_skus}. At start-up the catalog drops
 * the index and claims every product's skus, once, resuming after a kill.
 */
@QuarkusTest
@TestProfile(SkuRegistryMigrationTest.WrittenBeforeTheRegistry.class)
class SkuRegistryMigrationTest {

    static final String DATABASE = "catalog_before_registry";
    static final String PREFIX = "pre-registry";

    public static class WrittenBeforeTheRegistry implements QuarkusTestProfile {
        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StoreBeforeTheRegistry.class), new TestResourceEntry(JwtTestResource.class),
                    new TestResourceEntry(CategoryStub.class));
        }
    }

    /** The test database as the catalog left it before the registry, written before the service starts. */
    public static class StoreBeforeTheRegistry implements QuarkusTestResourceLifecycleManager {
        private final MongoTestResource mongo = new MongoTestResource();

        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(mongo.start());
            try (MongoClient client = MongoClients.create(config.get("quarkus.mongodb.connection-string"))) {
                MongoCollection<Document> products = client.getDatabase(DATABASE).getCollection("products");
                products.createIndex(Indexes.ascending("skus"), new IndexOptions().unique(true).sparse(true).name("skus_unique"));
                for (int i = 0; i < 3; i++) {
                    products.insertOne(film(PREFIX + "-" + i));
                }
            }
            config.put("quarkus.mongodb.database", DATABASE);
            return config;
        }

        @Override
        public void stop() {
            mongo.stop();
        }
    }

    /** A film as the catalog stored it with variants, before the registry: {@code skus: [sku]}. */
    static Document film(String sku) {
        return VariantMigrationTest.oldFilm(sku).append("skus", List.of(sku));
    }

    @Inject
    VariantMigration migration;

    private static MongoDatabase database() {
        return TestDatabase.database(DATABASE);
    }

    private static Document claimOf(String sku) {
        return database().getCollection("product_skus").find(new Document("_id", sku)).first();
    }

    @Test
    void theUniqueSkusIndexIsReplacedAndTheStoredProductsClaimTheirSkus() {
        given().get("/q/health/ready").then().statusCode(200);
        List<Document> indexes = database().getCollection("products").listIndexes().into(new ArrayList<>());
        assertFalse(indexes.stream().anyMatch(index -> "skus_unique".equals(index.get("name"))), "skus_unique dropped");
        assertFalse(indexes.stream().anyMatch(index -> index.get("key", Document.class).containsKey("skus")),
                "no index on skus: a variant's sku is found through the registry");
        for (int i = 0; i < 3; i++) {
            assertEquals(PREFIX + "-" + i, claimOf(PREFIX + "-" + i).getString("product"));
        }
        assertEquals(Boolean.TRUE, database().getCollection("migrations").find(new Document("_id", "sku-registry")).first()
                .getBoolean("done"));
        // a stored product's key is taken for a variant of another, as any claimed sku is
        Map<String, Object> shirt = VariantsTest.shirt(sku("after-registry"), "S", "black");
        ((List<Map<String, Object>>) shirt.get("variants")).get(0).put("sku", PREFIX + "-1");
        admin().body(shirt).when().post("/products").then().statusCode(409).body("field", equalTo("variants[0].sku"))
                .body("product", equalTo(PREFIX + "-1"));
    }

    @Test
    void aFillKilledAfterItsFirstBatchIsResumedAndCompleted() {
        given().get("/q/health/ready").then().statusCode(200);
        String prefix = sku("fill-kill");
        List<Document> stored = new ArrayList<>();
        for (int i = 0; i < 1200; i++) { // more than two of the migration's batches (VariantMigration.BATCH)
            stored.add(film(prefix + "-" + i));
        }
        database().getCollection("products").insertMany(stored);
        // as if this store had never been filled: no claims, no record of the migration
        database().getCollection("product_skus").deleteMany(new Document());
        database().getCollection("migrations").deleteMany(new Document());

        ArmedSeams.killMigrationAfterFirstBatch();
        assertThrows(ArmedSeams.SimulatedKill.class, migration::putInPlace);
        long claimed = database().getCollection("product_skus").countDocuments();
        Document progress = database().getCollection("migrations").find(new Document("_id", "sku-registry")).first();
        assertEquals(Boolean.FALSE, progress.getBoolean("done"));
        assertTrue(claimed > 0 && claimed < stored.size(), "one batch claimed: " + claimed);

        migration.putInPlace(); // the next start-up's
        long products = database().getCollection("products").countDocuments();
        assertEquals(products, database().getCollection("product_skus").countDocuments(), "one claim per sku");
        for (String sku : List.of(prefix + "-0", prefix + "-1199", PREFIX + "-2")) {
            assertEquals(sku, claimOf(sku).getString("product"));
        }
        assertEquals(Boolean.TRUE, database().getCollection("migrations").find(new Document("_id", "sku-registry")).first()
                .getBoolean("done"));
        assertEquals(0, database().getCollection("products").countDocuments(Filters.exists("skus", false)));
    }
}

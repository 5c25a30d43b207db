package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.catalog.product.VariantMigration;
import com.example.shop.catalog.producttype.BuiltInProductTypes;
import com.example.shop.catalog.support.ArmedSeams;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The start-up migration to variants over documents in the shape the catalog wrote before variants
 * (no {@code skus}), written with the test's own client.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class VariantMigrationTest {

    @Inject
    VariantMigration migration;

    @Inject
    BuiltInProductTypes builtIns;

    private static MongoCollection<Document> products() {
        return TestDatabase.database("catalog").getCollection("products");
    }

    /** A film as the catalog stored it before variants: no skus, no options, no variants. */
    static Document oldFilm(String sku) {
        return new Document("sku", sku).append("type", "Film").append("title", "Old film " + sku)
                .append("pricing", new Document("currency", "USD").append("list", 1000L).append("retail", 900L)
                        .append("savings", 100L).append("pct_savings", 10L))
                .append("category_ids", List.of())
                .append("details", new Document("director", List.of("D")).append("genre", List.of("Drama"))
                        .append("issue_date", new Date(0)))
                .append("keywords", List.of("old", "film")).append("version", 1L);
    }

    /** An album as the catalog stored it before variants: its format a detail, no skus, no options. */
    private static Document oldAlbum(String sku) {
        return new Document("sku", sku).append("type", "Audio Album").append("title", "Old album " + sku)
                .append("pricing", new Document("currency", "USD").append("list", 1500L).append("retail", 1500L)
                        .append("savings", 0L).append("pct_savings", 0L))
                .append("category_ids", List.of())
                .append("details", new Document("artist", "A").append("genre", List.of("Jazz"))
                        .append("issue_date", new Date(0)).append("format", "Vinyl"))
                .append("keywords", List.of("old", "album")).append("version", 1L);
    }

    /** The products whose key starts with the prefix, as stored, in {@code _id} order (the migration's). */
    private static List<Document> storedWith(String prefix) {
        return products().find(Filters.regex("sku", "^" + prefix + "-")).sort(Sorts.ascending("_id")).into(new ArrayList<>());
    }

    /**
     * The migration's record as a store whose migration had come as far as the products there now: the
     * next run starts after them, at the products a test then writes in the shape of an earlier version.
     * A second passes first, so that the test's ObjectIds sort after every one there.
     */
    static void migrationDoneThroughNow() throws InterruptedException {
        Document last = products().find().sort(Sorts.descending("_id")).first();
        TestDatabase.database("catalog").getCollection("migrations").replaceOne(new Document("_id", "sku-registry"),
                new Document("_id", "sku-registry").append("done", false).append("converted", 0L)
                        .append("after", last == null ? null : last.get("_id")),
                new com.mongodb.client.model.ReplaceOptions().upsert(true));
        Thread.sleep(1100);
    }

    private static Document audioAlbumType() {
        return TestDatabase.database("catalog").getCollection("product_types").find(new Document("_id", "Audio Album")).first();
    }

    /**
     * A replica killed during its start-up migration: the next start-up's migration resumes where the
     * recorded progress says and completes it, and one more changes nothing. The stock is cart-service's ledger,
     * by sku, which a product document does not hold: so the check is that every document is as it
     * was plus {@code skus: [key]}, its key and every other field untouched.
     */
    @Test
    void aMigrationKilledAfterItsFirstBatchIsCompletedByTheNextAndAThirdChangesNothing() throws Exception {
        migrationDoneThroughNow();
        TestDatabase.database("catalog").getCollection("product_types")
                .updateOne(new Document("_id", "Audio Album"), new Document("$unset", new Document("options", "")));
        String prefix = sku("old-kill");
        List<Document> old = new ArrayList<>();
        for (int i = 0; i < 1300; i++) { // more than two of the migration's batches (VariantMigration.BATCH)
            old.add(i % 2 == 0 ? oldFilm(prefix + "-" + i) : oldAlbum(prefix + "-" + i));
        }
        products().insertMany(old);
        List<Document> before = storedWith(prefix);

        ArmedSeams.killMigrationAfterFirstBatch();
        assertThrows(ArmedSeams.SimulatedKill.class, migration::putInPlace);
        List<Document> cut = storedWith(prefix);
        long given = cut.stream().filter(product -> product.containsKey("skus")).count();
        assertTrue(given > 0 && given < before.size(), "the kill cut the migration short after one batch: " + given);
        for (int i = 0; i < cut.size(); i++) {
            assertEquals(i < given, cut.get(i).containsKey("skus"), "one batch, in _id order: " + cut.get(i).toJson());
        }
        Document albumType = audioAlbumType();
        assertEquals(List.of(new Document("name", "format").append("values", List.of("CD", "Vinyl", "Digital"))),
                albumType.getList("options", Document.class), "the types are migrated before the products");

        migration.putInPlace(); // the next start-up's
        List<Document> migrated = storedWith(prefix);
        assertEquals(before.size(), migrated.size());
        for (int i = 0; i < before.size(); i++) {
            Document expected = new Document(before.get(i)).append("skus", List.of(before.get(i).getString("sku")));
            assertEquals(expected, migrated.get(i), "as written before variants, plus its skus once");
        }
        assertEquals(0, products().countDocuments(new Document("skus", new Document("$exists", false))));
        assertEquals(albumType, audioAlbumType(), "the format option added once: the resumed run leaves the type alone");

        migration.putInPlace(); // and one more: nothing left to do, nothing changed
        assertEquals(migrated, storedWith(prefix));
        assertEquals(albumType, audioAlbumType());

        for (String key : List.of(prefix + "-0", prefix + "-1299")) { // a film and an album, found by their one sku
            given().when().get("/products/" + key).then().statusCode(200).body("sku", equalTo(key))
                    .body("options", equalTo(List.of())).body("variants.sku", equalTo(List.of(key)));
        }
    }

    @Test
    void productsWrittenBeforeVariantsGetTheirSkusOnceAndKeepTheirKeys() throws Exception {
        migrationDoneThroughNow();
        String prefix = sku("old");
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            keys.add(prefix + "-" + i);
            products().insertOne(oldFilm(prefix + "-" + i));
        }
        given().when().get("/products/" + keys.get(0)).then().statusCode(200)
                .body("variants[0].sku", equalTo(keys.get(0))); // found by key before the migration too

        migration.putInPlace();
        List<Document> migrated = products().find(new Document("sku", new Document("$in", keys))).into(new ArrayList<>());
        assertEquals(3, migrated.size());
        for (Document product : migrated) {
            assertEquals(List.of(product.getString("sku")), product.getList("skus", String.class), product.toJson());
            assertEquals(1L, product.get("version"), "the migration is not a product change");
        }
        migration.putInPlace(); // idempotent: nothing left to do, nothing changed
        assertEquals(migrated, products().find(new Document("sku", new Document("$in", keys))).into(new ArrayList<>()));
        assertEquals(0, products().countDocuments(new Document("skus", new Document("$exists", false))));

        for (String key : keys) {
            given().when().get("/products/" + key).then().statusCode(200).body("sku", equalTo(key))
                    .body("options", equalTo(List.of())).body("variants.sku", equalTo(List.of(key)));
        }
        // an old key is now claimed for its product in the sku registry, so taken as another's variant sku
        for (String key : keys) {
            assertEquals(key, TestDatabase.database("catalog").getCollection("product_skus")
                    .find(new Document("_id", key)).first().getString("product"));
        }
        Map<String, Object> shirt = VariantsTest.shirt(sku("after"), "S", "black");
        ((List<Map<String, Object>>) shirt.get("variants")).get(0).put("sku", keys.get(1));
        admin().body(shirt).when().post("/products").then().statusCode(409).body("field", equalTo("variants[0].sku"));
    }

    @Test
    void theStoredAudioAlbumGainsItsFormatOptionOnce() {
        MongoCollection<Document> types = TestDatabase.database("catalog").getCollection("product_types");
        // the Audio Album a store written before variants holds: the type without options
        types.updateOne(new Document("_id", "Audio Album"), new Document("$unset", new Document("options", "")));

        assertEquals(List.of("Audio Album"), builtIns.addOptionsOfBuiltIns());
        assertEquals(List.of(), builtIns.addOptionsOfBuiltIns(), "once");
        migration.putInPlace();
        Document stored = types.find(new Document("_id", "Audio Album")).first();
        assertEquals(List.of(new Document("name", "format").append("values", List.of("CD", "Vinyl", "Digital"))),
                stored.getList("options", Document.class));
        given().when().get("/product-types/Audio Album").then().statusCode(200)
                .body("options[0].values", equalTo(List.of("CD", "Vinyl", "Digital")))
                .body("attributes.name", org.hamcrest.Matchers.hasItem("format"));
        given().when().get("/product-types/Apparel").then().statusCode(200);
    }
}

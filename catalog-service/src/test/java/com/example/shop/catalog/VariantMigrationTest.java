package com.example.shop.catalog;

import static com.example.shop.catalog.Fixtures.admin;
import static com.example.shop.catalog.Fixtures.sku;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.shop.catalog.product.VariantMigration;
import com.example.shop.catalog.producttype.BuiltInProductTypes;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
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
    private static Document oldFilm(String sku) {
        return new Document("sku", sku).append("type", "Film").append("title", "Old film " + sku)
                .append("pricing", new Document("currency", "USD").append("list", 1000L).append("retail", 900L)
                        .append("savings", 100L).append("pct_savings", 10L))
                .append("category_ids", List.of())
                .append("details", new Document("director", List.of("D")).append("genre", List.of("Drama"))
                        .append("issue_date", new Date(0)))
                .append("keywords", List.of("old", "film")).append("version", 1L);
    }

    @Test
    void productsWrittenBeforeVariantsGetTheirSkusOnceAndKeepTheirKeys() {
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
        // an old key is now taken as a variant sku: by the request's check and by the unique index itself
        Map<String, Object> shirt = VariantsTest.shirt(sku("after"), "S", "black");
        ((List<Map<String, Object>>) shirt.get("variants")).get(0).put("sku", keys.get(1));
        admin().body(shirt).when().post("/products").then().statusCode(409).body("field", equalTo("variants[0].sku"));
        assertThrows(MongoWriteException.class, () -> products().insertOne(oldFilm(sku("direct"))
                .append("skus", List.of("x-" + prefix, keys.get(2)))));
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

package com.example.shop.catalog.product;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.catalog.CategoryStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A store written before keeps the products' indexes of the book's queries until start-up drops
 * them: every one of them, under the name MongoDB gave it, and nothing else; twice is harmless.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class RetiredProductIndexesTest {

    @Test
    void theOldIndexesGoAndTheSkuIndexStays() {
        MongoDatabase database = TestDatabase.database("retired_indexes");
        database.drop();
        MongoCollection<Document> products = database.getCollection(ProductStore.PRODUCTS);
        products.insertOne(new Document("sku", "a").append("keywords", List.of("x", "y")));
        products.createIndex(Indexes.ascending("sku"));
        // as the catalog declared them before
        products.createIndex(Indexes.ascending("pricing.pct_savings"));
        products.createIndex(Indexes.compoundIndex(Indexes.ascending("type", "details.genre"), Indexes.descending("details.issue_date")));
        products.createIndex(Indexes.compoundIndex(Indexes.ascending("type", "details.actor"), Indexes.descending("details.issue_date")));
        products.createIndex(Indexes.compoundIndex(Indexes.ascending("type"), Indexes.descending("details.issue_date"),
                Indexes.ascending("title")));
        products.createIndex(Indexes.ascending("keywords"));
        products.createIndex(Indexes.ascending("category_ids"));
        products.createIndex(Indexes.compoundIndex(Indexes.descending("pricing.pct_savings"), Indexes.ascending("sku")));
        products.createIndex(Indexes.compoundIndex(Indexes.descending("details.issue_date"), Indexes.ascending("sku")));
        products.createIndex(Indexes.ascending("title", "sku"));
        products.createIndex(Indexes.ascending("pricing.retail", "sku"));
        assertEquals(12, names(products).size(), names(products).toString());

        RetiredProductIndexes retired = new RetiredProductIndexes(new ProductStore(database));
        retired.putInPlace();
        assertEquals(List.of("_id_", "sku_1"), names(products));
        retired.putInPlace();
        assertEquals(List.of("_id_", "sku_1"), names(products));
        assertEquals(1, products.countDocuments());
    }

    private static List<String> names(MongoCollection<Document> products) {
        List<String> names = new ArrayList<>();
        products.listIndexes().forEach(index -> names.add(index.getString("name")));
        names.sort(null);
        return names;
    }
}

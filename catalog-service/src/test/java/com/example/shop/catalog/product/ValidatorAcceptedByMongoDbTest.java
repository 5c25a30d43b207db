package com.example.shop.catalog.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.shop.catalog.CategoryStub;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.BuiltInProductTypes;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The validators for no, one and many product types, installed on a real MongoDB, which is what
 * judges a {@code $jsonSchema}. The embedded server accepts and ignores any validator, so there
 * the test is SKIPPED (it runs with a Docker engine, or TEST_MONGO=container).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class ValidatorAcceptedByMongoDbTest {

    @Test
    void mongoDbAcceptsTheValidatorForNoOneAndManyTypes() {
        MongoTestResource.assumeRealMongoDb("the product validator (the embedded server ignores validators)");
        MongoDatabase database = TestDatabase.database("validator_check");
        database.drop();
        List<List<ProductType>> cases = List.of(List.of(), BuiltInProductTypes.BUILT_IN.subList(0, 1), ProductSchemaTest.MANY);
        for (int i = 0; i < cases.size(); i++) {
            database.runCommand(new Document("create", "products_" + i)
                    .append("validator", new Document("$jsonSchema", ProductSchema.of(cases.get(i)))));
        }
        // and it does its job: an album without its required artist is refused by MongoDB itself
        MongoWriteException refused = assertThrows(MongoWriteException.class, () -> database.getCollection("products_1")
                .insertOne(Document.parse("{sku: 'x', type: 'Audio Album', title: 't', version: 1, details: {genre: []},"
                        + " pricing: {currency: 'USD', list: 1, retail: 1, savings: 0, pct_savings: 0}}")));
        assertEquals(121, refused.getCode(), "DocumentValidationFailure");
    }
}

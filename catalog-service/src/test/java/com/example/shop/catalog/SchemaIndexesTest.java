package com.example.shop.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The indexes web-support's SchemaSetup gathers from the features are, key for key and option for
 * option, the ones the catalog declared before the features declared them, so that no deployment
 * sees a different index: the list below is that declaration, as it stood, but for {@code skus},
 * whose unique index the sku registry replaced (dropped at start-up: SkuRegistryMigrationTest), and
 * the products' indexes of the book's queries, which no query read (dropped: RetiredProductIndexesTest).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CategoryStub.class)
class SchemaIndexesTest {

    private static final String PRODUCTS = "products";

    static final List<RequiredIndex> AS_DEPLOYED = List.of(
            RequiredIndex.on(PRODUCTS, Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_unique")),
            // every service's runs (web-support's RunIndexes): a page of runs of some kinds, newest first
            RequiredIndex.on("runs", Indexes.compoundIndex(Indexes.ascending("kind"), Indexes.descending("_id")),
                    new IndexOptions().name("kind_newest")));

    @Inject
    SchemaSetup schema;

    @Test
    void theFeaturesDeclareTheIndexesAsDeployed() {
        assertEquals(RequiredIndex.declarations(AS_DEPLOYED), RequiredIndex.declarations(schema.indexes()));
    }

}

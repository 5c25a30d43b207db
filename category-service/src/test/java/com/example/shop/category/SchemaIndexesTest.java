package com.example.shop.category;

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
 * The indexes web-support's SchemaSetup gathers from the feature's store are, key for key and
 * option for option, the ones the category service declared before the feature declared them, so
 * that no deployment sees a different index: the list below is that declaration, as it stood.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class SchemaIndexesTest {

    static final List<RequiredIndex> AS_DEPLOYED = List.of(
            RequiredIndex.on("categories", Indexes.ascending("slug"), new IndexOptions().unique(true).name("slug_unique")),
            RequiredIndex.on("categories", Indexes.ascending("ancestors._id"), new IndexOptions().name("ancestors_id")),
            RequiredIndex.on("categories", Indexes.ascending("parent", "slug"), new IndexOptions().name("parent_slug")),
            // every service's runs (web-support's RunIndexes): a page of runs of some kinds, newest first
            RequiredIndex.on("runs", Indexes.compoundIndex(Indexes.ascending("kind"), Indexes.descending("_id")),
                    new IndexOptions().name("kind_newest")));

    @Inject
    SchemaSetup schema;

    @Test
    void theFeatureDeclaresTheIndexesAsDeployed() {
        assertEquals(RequiredIndex.declarations(AS_DEPLOYED), RequiredIndex.declarations(schema.indexes()));
    }

}

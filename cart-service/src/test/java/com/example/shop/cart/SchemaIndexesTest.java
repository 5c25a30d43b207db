package com.example.shop.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.CatalogStub;
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
 * The indexes web-support's SchemaSetup gathers from the features' stores are, key for key and
 * option for option, the ones the cart service declared before the features declared them, in the
 * same order, so that no deployment sees a different index: the list below is that declaration, as
 * it stood. The job runs' two indexes on {@code job_runs} went with that collection: the runs are
 * web-support's, in {@code runs}, paged by {@code _id}.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class SchemaIndexesTest {

    static final List<RequiredIndex> AS_DEPLOYED = List.of(
            RequiredIndex.on("cart", Indexes.ascending("status", "last_modified"),
                    new IndexOptions().name("status_last_modified")),
            RequiredIndex.on("inventory", Indexes.ascending("qty"), new IndexOptions().name("available")),
            RequiredIndex.on("inventory", Indexes.descending("reserved"), new IndexOptions().name("reserved")),
            RequiredIndex.on("inventory_moves", Indexes.ascending("at"), new IndexOptions().name("at")),
            // orders (issue 59): by number; the admin list newest first, by status, by sku; those not yet announced
            RequiredIndex.on("orders", Indexes.ascending("number"), new IndexOptions().name("number").unique(true)),
            RequiredIndex.on("orders", Indexes.descending("placed_at", "number"), new IndexOptions().name("newest")),
            RequiredIndex.on("orders", Indexes.compoundIndex(Indexes.ascending("status"), Indexes.descending("placed_at", "number")),
                    new IndexOptions().name("status_newest")),
            RequiredIndex.on("orders", Indexes.compoundIndex(Indexes.ascending("lines.sku"), Indexes.descending("placed_at", "number")),
                    new IndexOptions().name("sku_newest")),
            RequiredIndex.on("orders", Indexes.ascending("unannounced"), new IndexOptions().name("unannounced")),
            // every service's runs (web-support's RunIndexes): a page of runs of some kinds, newest first
            RequiredIndex.on("runs", Indexes.compoundIndex(Indexes.ascending("kind"), Indexes.descending("_id")),
                    new IndexOptions().name("kind_newest")),
            // the webhooks (issue 59): pruning by age, the outbox oldest first, what is due per subscription
            RequiredIndex.on("webhook_deliveries", Indexes.ascending("created_at"), new IndexOptions().name("created_at")),
            RequiredIndex.on("webhook_events", Indexes.ascending("at"), new IndexOptions().name("at")),
            RequiredIndex.on("webhook_outbox", Indexes.ascending("at"), new IndexOptions().name("at")),
            RequiredIndex.on("webhook_pending", Indexes.ascending("subscription", "due_at"),
                    new IndexOptions().name("subscription_due_at")));

    @Inject
    SchemaSetup schema;

    @Test
    void theFeaturesDeclareTheIndexesAsDeployed() {
        assertEquals(RequiredIndex.declarations(AS_DEPLOYED), RequiredIndex.declarations(schema.indexes()));
    }

}

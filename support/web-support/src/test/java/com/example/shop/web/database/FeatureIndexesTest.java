package com.example.shop.web.database;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The list of indexes SchemaSetup gathers does not depend on the order the features' beans come in. */
class FeatureIndexesTest {

    private static final FeatureIndexes CARTS = () -> List.of(
            RequiredIndex.on("cart", Indexes.ascending("status", "last_modified"), new IndexOptions().name("status_last_modified")));
    private static final FeatureIndexes INVENTORY = () -> List.of(
            RequiredIndex.on("inventory", Indexes.ascending("qty"), new IndexOptions().name("available")),
            RequiredIndex.on("inventory", Indexes.descending("reserved"), new IndexOptions().name("reserved")),
            RequiredIndex.on("inventory_moves", Indexes.ascending("at"), new IndexOptions().name("at")));
    private static final FeatureIndexes JOBS = () -> List.of(
            RequiredIndex.on("job_runs", Indexes.descending("started_at"), new IndexOptions().name("started_at")));

    @Test
    void byCollectionKeepingEachFeaturesOwnOrder() {
        List<String> expected = List.of(
                "cart {\"status\": 1, \"last_modified\": 1} (status_last_modified)",
                "inventory {\"qty\": 1} (available)",
                "inventory {\"reserved\": -1} (reserved)",
                "inventory_moves {\"at\": 1} (at)",
                "job_runs {\"started_at\": -1} (started_at)");
        assertEquals(expected, named(FeatureIndexes.gather(List.of(CARTS, INVENTORY, JOBS))));
        assertEquals(expected, named(FeatureIndexes.gather(List.of(JOBS, INVENTORY, CARTS))));
        assertEquals(expected, named(FeatureIndexes.gather(List.of(INVENTORY, JOBS, CARTS))));
    }

    private static List<String> named(List<RequiredIndex> indexes) {
        return indexes.stream().map(RequiredIndex::toString).toList();
    }
}

package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.BuiltInProductTypes;
import com.example.shop.web.database.AfterIndexes;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The start-up migration to variants (docs/design.md#variants), once the indexes exist (the sparse
 * unique {@code skus} index among them): the stored built-in types gain the options they have now
 * (Audio Album's {@code format}), and every product written before variants gets {@code skus: [sku]},
 * in {@code _id} order a batch at a time. Both filter on what is still to do, so the migration is
 * idempotent, safe on several replicas at once, and resumes where a killed one stopped. Skus and
 * stock do not change, so the stock invariant holds throughout.
 */
@Singleton
public record VariantMigration(ProductStore store, BuiltInProductTypes builtIns, Seams seams) implements AfterIndexes {

    private static final Logger LOG = Logger.getLogger(VariantMigration.class);
    /** Products given their skus per round trip: one read of keys and one bulk write. */
    static final int BATCH = 500;

    @Override
    public void putInPlace() {
        List<String> types = builtIns.addOptionsOfBuiltIns();
        if (!types.isEmpty()) {
            LOG.infof("Variants migration: built-in types %s gained their options", types);
        }
        long given = 0;
        List<String> refused = new ArrayList<>();
        ProductStore.SkusBatch batch = store.giveSkus(null, BATCH);
        while (batch.lastId() != null) {
            given += batch.given();
            refused.addAll(batch.refused());
            seams.reached(VariantMigrationSeam.AFTER_BATCH, given);
            batch = store.giveSkus(batch.lastId(), BATCH);
        }
        if (given > 0) {
            LOG.infof("Variants migration: %d products written before variants were given their skus", given);
        }
        if (!refused.isEmpty()) {
            LOG.warnf("Variants migration: %d products keep no skus, their key being another product's variant sku: %s",
                    refused.size(), refused.size() > 20 ? refused.subList(0, 20) + "…" : refused);
        }
    }
}

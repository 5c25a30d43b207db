package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.BuiltInProductTypes;
import com.example.shop.web.database.AfterIndexes;
import com.example.shop.web.migrations.MigrationMarker;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * The start-up migration to variants and the sku registry (docs/design.md#variants), once the
 * indexes exist and before the service is ready (so before any write of its own): the stored
 * built-in types gain the options they have now (Audio Album's {@code format}); an earlier version's
 * unique index on {@code skus} is dropped, which MongoDB refuses on sharded products; then, once per store,
 * every product claims its skus in the {@link SkuRegistryStore}, and one written before variants also
 * gets {@code skus: [sku]}, in {@code _id} order a batch at a time.
 *
 * <p>The pass records after each batch how far it came ({@code migrations}), so that a killed one
 * resumes there and a store done is never read again: a start-up on a large store must not scan it
 * (a filter on a missing {@code skus} is a scan of every product on the embedded server). A claim
 * again for the same product is granted, so replicas may run it at once. Skus and stock do not
 * change, so the stock invariant holds throughout.
 */
@Singleton
public record VariantMigration(ProductStore store, SkuRegistryStore registry, BuiltInProductTypes builtIns, Seams seams)
        implements AfterIndexes {

    private static final Logger LOG = Logger.getLogger(VariantMigration.class);
    /** Products per round trip: one read of keys, one insert of claims, one bulk write. */
    static final int BATCH = 500;

    @Override
    public void putInPlace() {
        List<String> types = builtIns.addOptionsOfBuiltIns();
        if (!types.isEmpty()) {
            LOG.infof("Variants migration: built-in types %s gained their options", types);
        }
        if (store.dropIndexIfPresent("skus_unique")) {
            LOG.info("Variants migration: the unique index skus_unique of an earlier version dropped (the sku registry keeps skus unique)");
        }
        MigrationMarker progress = registry.fill();
        if (!progress.done()) {
            claimEverySku(progress);
        }
    }

    private void claimEverySku(MigrationMarker progress) {
        long products = progress.converted();
        long given = 0;
        List<String> refused = new ArrayList<>();
        Object after = progress.after();
        List<ProductStore.KeyedSkus> batch = store.keyedSkus(after, BATCH);
        while (!batch.isEmpty()) {
            Map<String, List<String>> held = new LinkedHashMap<>();
            batch.forEach(product -> held.put(product.sku(), product.held()));
            Map<String, SkuRegistryStore.Claim> claims = registry.claimAll(held);
            List<ProductStore.KeyedSkus> withoutSkus = new ArrayList<>();
            for (ProductStore.KeyedSkus product : batch) {
                if (!claims.get(product.sku()).granted()) {
                    refused.add(product.sku() + " " + claims.get(product.sku()).taken());
                } else if (product.skus() == null) {
                    withoutSkus.add(product);
                }
            }
            given += store.giveSkus(withoutSkus);
            products += batch.size();
            after = batch.get(batch.size() - 1).id();
            registry.recordFill(MigrationMarker.progress(SkuRegistryStore.FILL, products, after));
            seams.reached(VariantMigrationSeam.AFTER_BATCH, products);
            batch = store.keyedSkus(after, BATCH);
        }
        registry.recordFill(MigrationMarker.done(SkuRegistryStore.FILL, products));
        LOG.infof("Variants migration: the skus of %d products claimed, %d products written before variants given theirs",
                products, given);
        if (!refused.isEmpty()) {
            // a key another product holds as a variant's sku: possible only if that product was written
            // while this one had no skus; left as it is (found by its key), for an operator to resolve
            LOG.warnf("Variants migration: %d products hold a sku another product holds too (product {sku: owner}): %s",
                    refused.size(), refused.size() > 20 ? refused.subList(0, 20) + "…" : refused);
        }
    }
}

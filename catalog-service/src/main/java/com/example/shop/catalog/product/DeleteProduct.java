package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.Problems;
import com.mongodb.MongoException;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Deletes a product with {@code findOneAndDelete({sku})}, or {@code ({sku, version: n})} under
 * If-Match (412 when stale), then gives back its skus' claims in the {@link SkuRegistryStore}; it is gone
 * from this replica's listings before the answer ({@link IndexUpdates}).
 */
@Singleton
public record DeleteProduct(ProductStore store, SkuRegistryStore registry, IndexUpdates index) {

    private static final Logger LOG = Logger.getLogger(DeleteProduct.class);

    /**
     * Gives back the deleted product's claims, so that its skus are free for another product at once. The
     * delete is done whatever happens here: claims left behind are stale, and taken over after the grace.
     */
    private void releaseClaims(String sku, List<String> skus) {
        try {
            registry.release(sku, skus);
        } catch (MongoException e) {
            LOG.warnf("Product %s deleted, its sku claims not given back (%s): taken over after the grace", sku, e.getMessage());
        }
    }

    /** When {@code expectedVersion} is given, only if the product is still at that version. */
    public void delete(String sku, Long expectedVersion) {
        // Refused before the write begins when it would be refused anyway (see ReplaceProduct).
        Object stored = store.versionOf(sku).orElseThrow(() -> CatalogProblems.unknownProduct(sku));
        if (expectedVersion != null && ((Number) stored).longValue() != expectedVersion) {
            throw Problems.preconditionFailed("Product '" + sku + "'", expectedVersion, stored);
        }
        // an exception before the change is finished (deleted or not): closing it makes the index take what MongoDB holds
        try (IndexUpdates.Change change = index.change(List.of(sku), List.of(sku))) {
            Optional<List<String>> held = store.delete(sku, expectedVersion);
            if (held.isPresent()) {
                change.removed(sku);
                releaseClaims(sku, held.get());
                return;
            }
            change.none();
        }
        if (expectedVersion == null) {
            throw CatalogProblems.unknownProduct(sku);
        }
        throw store.versionOf(sku)
                .map(current -> Problems.preconditionFailed("Product '" + sku + "'", expectedVersion, current))
                .orElseGet(() -> CatalogProblems.unknownProduct(sku));
    }
}

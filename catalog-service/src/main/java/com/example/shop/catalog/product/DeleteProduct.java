package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.Problems;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * Deletes a product with {@code deleteOne({sku})}, or {@code deleteOne({sku, version: n})} under
 * If-Match (412 when stale); it is gone from this replica's listings before the answer ({@link IndexUpdates}).
 */
@Singleton
public record DeleteProduct(ProductStore store, IndexUpdates index) {

    /** When {@code expectedVersion} is given, only if the product is still at that version. */
    public void delete(String sku, Long expectedVersion) {
        // Refused before the write begins when it would be refused anyway (see ReplaceProduct).
        Object stored = store.versionOf(sku).orElseThrow(() -> CatalogProblems.unknownProduct(sku));
        if (expectedVersion != null && ((Number) stored).longValue() != expectedVersion) {
            throw Problems.preconditionFailed("Product '" + sku + "'", expectedVersion, stored);
        }
        // an exception before the change is finished (deleted or not): closing it makes the index take what MongoDB holds
        try (IndexUpdates.Change change = index.change(List.of(sku))) {
            if (store.delete(sku, expectedVersion)) {
                change.removed(sku);
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

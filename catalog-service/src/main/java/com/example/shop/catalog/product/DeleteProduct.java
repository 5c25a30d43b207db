package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.conversions.Bson;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;

/** Deletes a product with {@code deleteOne({sku})}, or {@code deleteOne({sku, version: n})} under If-Match (412 when stale). */
@ApplicationScoped
public class DeleteProduct {

    private final ProductStore store;

    DeleteProduct(ProductStore store) {
        this.store = store;
    }

    /** When {@code expectedVersion} is given, only if the product is still at that version. */
    public void delete(String sku, Long expectedVersion) {
        Bson filter = expectedVersion == null ? eq("sku", sku) : and(eq("sku", sku), eq("version", expectedVersion));
        if (store.products().deleteOne(filter).getDeletedCount() > 0) {
            return;
        }
        if (expectedVersion == null) {
            throw CatalogProblems.unknownProduct(sku);
        }
        throw store.versionOf(sku).map(current -> CatalogProblems.staleVersion(sku, expectedVersion, current))
                .orElseGet(() -> CatalogProblems.unknownProduct(sku));
    }
}

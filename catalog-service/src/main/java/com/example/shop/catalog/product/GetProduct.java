package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import jakarta.inject.Singleton;

/**
 * One product by sku, with the per-cart limit in force; 404 when unknown. The hottest read of the
 * platform: one {@code findOne}, and the view is written once, by the resource's JSON writer.
 */
@Singleton
public record GetProduct(ProductStore store, PerCartLimit perCartLimit) {

    public ProductView bySku(String sku) {
        StoredProduct product = store.bySku(sku).orElseThrow(() -> CatalogProblems.unknownProduct(sku));
        return ProductView.of(product, perCartLimit.of(product));
    }
}

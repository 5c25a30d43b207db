package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import jakarta.inject.Singleton;

/**
 * One product by any of its skus (its key or a variant's), with the per-cart limit in force and its
 * variants' availability; 404 when unknown. The hottest read of the platform: one {@code find} on the
 * unique sku index (a variant's sku: and its claim, and its product) and one availability read, and the view is written once, by the resource's JSON writer.
 */
@Singleton
public record GetProduct(ProductsBySku products, ProductAnswers answers) {

    public ProductView bySku(String sku) {
        StoredProduct product = products.find(sku).orElseThrow(() -> CatalogProblems.unknownProduct(sku));
        return answers.of(product, sku);
    }
}

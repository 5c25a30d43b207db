package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.Document;

import static com.mongodb.client.model.Filters.eq;

/** One product by sku, with the per-cart limit in force; 404 when unknown. */
@ApplicationScoped
public class GetProduct {

    private final ProductStore store;
    private final PerCartLimit perCartLimit;

    GetProduct(ProductStore store, PerCartLimit perCartLimit) {
        this.store = store;
        this.perCartLimit = perCartLimit;
    }

    public ProductJson bySku(String sku) {
        Document product = store.products().find(eq("sku", sku)).projection(ProductStore.WITHOUT_ID).first();
        if (product == null) {
            throw CatalogProblems.unknownProduct(sku);
        }
        return ProductJson.of(perCartLimit.shownOn(product));
    }
}

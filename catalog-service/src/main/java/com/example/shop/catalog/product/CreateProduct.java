package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import jakarta.inject.Singleton;

/**
 * Creates a product at version 1 with one {@code insertOne}. The unique index on {@code sku}
 * refuses a duplicate (11000 → 409 duplicate-sku), so the insert waits until that index exists:
 * without it the answer is a 503, never a write that could duplicate a sku. The product is in this
 * replica's listings before the answer ({@link IndexUpdates}).
 */
@Singleton
public record CreateProduct(ProductStore store, ProductFields fields, SchemaSetup schema, IndexUpdates index,
        ListedProducts listed, ProductAnswers answers) {

    /** Inserts the product, then puts it in this replica's search index before answering (write-through). */
    public ProductView create(ProductBody body) {
        StoredProduct product = newProduct(body);
        schema.requireReady(); // no insert without the unique sku index: it is what refuses a duplicate
        if (store.versionOf(body.sku()).isPresent()) {
            // refused before the write begins, so that a refusal changes nothing (not even the catalog
            // revision); the unique index still refuses one that races in after this read
            throw CatalogProblems.duplicateSku(body.sku());
        }
        refuseTakenSkus(store, product, null);
        // an exception before the change is finished (written or not): closing it makes the index take what MongoDB holds;
        // it holds every sku of the product, so that an availability report naming a variant overlaps it
        try (IndexUpdates.Change change = index.change(product.skus())) {
            try {
                store.insert(product);
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                    change.none();
                    refuseTakenSkus(store, product, null); // a variant's sku taken since the read above
                    throw CatalogProblems.duplicateSku(body.sku());
                }
                throw e;
            }
            change.put(listed.listed(product));
            return answers.of(product, null);
        }
    }

    /**
     * Refuses a product whose skus another product (any but {@code key}, the product itself when it is
     * replaced) uses: 409 naming the first such field ({@code sku}, {@code variants[2].sku}). The unique
     * {@code skus} index refuses one that races in after this read.
     */
    static void refuseTakenSkus(ProductStore store, StoredProduct product, String key) {
        refuseTakenSkus(store, product, key, i -> "variants[" + i + "]");
    }

    /** As above, {@code variantField} naming the i-th variant ({@code ""}: the one a variant request sends). */
    static void refuseTakenSkus(ProductStore store, StoredProduct product, String key,
                                java.util.function.IntFunction<String> variantField) {
        java.util.Map<String, String> owners = store.owners(product.skus(), key);
        if (owners.isEmpty()) {
            return;
        }
        if (owners.containsKey(product.sku())) {
            throw CatalogProblems.skuTaken("sku", product.sku(), owners.get(product.sku()));
        }
        for (int i = 0; i < product.variants().size(); i++) {
            String sku = product.variants().get(i).sku();
            if (owners.containsKey(sku)) {
                String field = variantField.apply(i);
                throw CatalogProblems.skuTaken(field.isEmpty() ? "sku" : field + ".sku", sku, owners.get(sku));
            }
        }
    }

    /**
     * A product written for the first time, at version 1: every rule of a
     * create, the same for one POST and for each line of an import. Throws the problem a client gets.
     */
    StoredProduct newProduct(ProductBody body) {
        if (body.sku() == null || body.sku().isEmpty()) {
            throw Problems.invalidField("sku", "'sku' must not be blank");
        }
        if (body.version() != null && body.version() != 1L) {
            throw Problems.invalidField("version", "'version' is assigned by the service; a new product has version 1");
        }
        return fields.of(body.sku(), body, 1L);
    }
}

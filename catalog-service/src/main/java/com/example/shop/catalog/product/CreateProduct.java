package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Creates a product at version 1: a read of its key, its skus claimed in the {@link SkuRegistryStore} (a
 * sku another product holds is a 409 naming the field), then one {@code insertOne}. The unique index on {@code sku}
 * refuses a duplicate key (11000 → 409 duplicate-sku), so the insert waits until the schema is in
 * place (that index, and the registry filled by the migration): without it the answer is a 503,
 * never a write that could duplicate a sku. A refusal gives back the claims it made. The product is
 * in this replica's listings before the answer ({@link IndexUpdates}).
 */
@Singleton
public record CreateProduct(ProductStore store, SkuRegistryStore registry, ProductFields fields, SchemaSetup schema,
        IndexUpdates index, ListedProducts listed, ProductAnswers answers) {

    /** Inserts the product, then puts it in this replica's search index before answering (write-through). */
    public ProductView create(ProductBody body) {
        StoredProduct product = newProduct(body);
        schema.requireReady(); // no insert without the unique sku index and a complete registry
        if (store.versionOf(body.sku()).isPresent()) {
            // refused before the write begins, so that a refusal changes nothing (not even a claim's
            // time or the catalog revision); the unique index still refuses one that races in after this read
            throw CatalogProblems.duplicateSku(body.sku());
        }
        SkuRegistryStore.Claim claim = registry.claim(product.sku(), product.skus());
        if (!claim.granted()) {
            registry.release(product.sku(), claim.inserted());
            throw takenSku(product, claim.taken(), i -> "variants[" + i + "]");
        }
        // an exception before the change is finished (written or not): closing it makes the index take what MongoDB holds;
        // it holds every sku of the product, so that an availability report naming a variant overlaps it
        try (IndexUpdates.Change change = index.change(List.of(product.sku()), product.skus())) {
            try {
                store.insert(product);
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                    change.none(); // a create of the same key that raced in after the read above
                    registry.release(product.sku(), claim.inserted());
                    throw CatalogProblems.duplicateSku(body.sku());
                }
                throw e;
            }
            change.put(listed.listed(product));
            return answers.of(product, null);
        }
    }

    /**
     * The 409 for a product whose skus the registry gives to other products ({@code taken}: sku → owner):
     * it names the first such field, the key ({@code sku}) before the variants ({@code variants[2].sku};
     * {@code variantField} names the i-th variant, {@code ""} the one a variant request sends).
     */
    static ProblemException takenSku(StoredProduct product, Map<String, String> taken, IntFunction<String> variantField) {
        if (taken.containsKey(product.sku())) {
            return CatalogProblems.skuTaken("sku", product.sku(), taken.get(product.sku()));
        }
        for (int i = 0; i < product.variants().size(); i++) {
            String sku = product.variants().get(i).sku();
            if (taken.containsKey(sku)) {
                String field = variantField.apply(i);
                return CatalogProblems.skuTaken(field.isEmpty() ? "sku" : field + ".sku", sku, taken.get(sku));
            }
        }
        String sku = taken.keySet().iterator().next();
        return CatalogProblems.skuTaken("sku", sku, taken.get(sku));
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

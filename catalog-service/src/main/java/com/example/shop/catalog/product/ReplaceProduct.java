package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogProblems;
import com.example.shop.catalog.search.feed.IndexUpdates;
import com.example.shop.problems.Problems;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Replaces a product's fields if it is still at the If-Match version, in one
 * {@code findOneAndUpdate({sku, version: n}, {$set…, $unset…, $inc: {version: 1}})}: of two writers
 * holding the same version exactly one matches, the other gets 412 with the current version. The
 * new state is in this replica's listings before the answer ({@link IndexUpdates}).
 */
@Singleton
public record ReplaceProduct(ProductStore store, SkuRegistryStore registry, ProductFields fields, IndexUpdates index,
        ListedProducts listed, ProductAnswers answers) {

    public ProductView replace(String sku, long expectedVersion, ProductBody body) {
        if (body.sku() != null && !body.sku().equals(sku)) {
            throw Problems.invalidField("sku", "'sku' in the body ('" + body.sku() + "') differs from the path ('" + sku
                    + "'); a sku cannot be changed");
        }
        if (body.version() != null && body.version() != expectedVersion) {
            throw Problems.invalidField("version", "'version' in the body (" + body.version()
                    + ") differs from If-Match (" + expectedVersion + ")");
        }
        StoredProduct replacement = fields.of(sku, body, expectedVersion + 1);
        store.bySku(sku).filter(current -> current.version() == expectedVersion)
                .ifPresent(current -> keepsEveryVariant(current, replacement));
        return write(sku, expectedVersion, replacement);
    }

    /**
     * A replace keeps every variant the product has (retired or not): carts may hold its units and its
     * sku stays taken, so a variant leaves sale by being retired, never by being left out (422 on
     * {@code variants}).
     */
    private static void keepsEveryVariant(StoredProduct current, StoredProduct replacement) {
        List<String> kept = replacement.skus();
        for (StoredProduct.Variant variant : current.variants()) {
            if (!kept.contains(variant.sku())) {
                throw CatalogProblems.invalidVariant("variants", "'variants': variant '" + variant.sku() + "' is left out; "
                        + "a variant is retired (DELETE /products/" + current.sku() + "/variants/" + variant.sku()
                        + "), not removed");
            }
        }
    }

    /**
     * Stores {@code replacement} over the product {@code sku} if it is still at {@code expectedVersion}:
     * the one write path of a product's change (PUT and the variant writes), so the change feed and this
     * replica's listings follow every one. Its skus must not be another product's (409 naming the field).
     */
    ProductView write(String sku, long expectedVersion, StoredProduct replacement) {
        return write(sku, expectedVersion, replacement, i -> "variants[" + i + "]");
    }

    /** As above, {@code variantField} naming the i-th variant in a 409 ({@code ""}: the one a variant request sends). */
    ProductView write(String sku, long expectedVersion, StoredProduct replacement, IntFunction<String> variantField) {
        // A stale or unknown product is refused before the write begins, so that a refusal changes
        // nothing (not even the catalog revision); the guarded update still refuses a race after this read.
        ProductStore.Current stored = store.current(sku).orElseThrow(() -> CatalogProblems.unknownProduct(sku));
        if (((Number) stored.version()).longValue() != expectedVersion) {
            throw Problems.preconditionFailed("Product '" + sku + "'", expectedVersion, stored.version());
        }
        // the skus the product holds are its own in the registry: only those it adds are claimed
        List<String> added = replacement.skus().stream().filter(each -> !stored.skus().contains(each)).toList();
        SkuRegistryStore.Claim claim = added.isEmpty() ? new SkuRegistryStore.Claim(Map.of(), List.of()) : registry.claim(sku, added);
        if (!claim.granted()) {
            registry.release(sku, claim.inserted());
            throw CreateProduct.takenSku(replacement, claim.taken(), variantField);
        }
        // an exception before the change is finished (the write failed, applied or not): closing it
        // makes the index take what MongoDB holds
        // every sku of the product (a replace keeps every variant), so that an availability report naming a variant overlaps it
        try (IndexUpdates.Change change = index.change(List.of(sku), replacement.skus())) {
            StoredProduct replaced = store.replaceAt(sku, expectedVersion, replacement).orElse(null);
            if (replaced == null) {
                change.none();
                registry.release(sku, claim.inserted());
                throw store.versionOf(sku)
                        .map(current -> Problems.preconditionFailed("Product '" + sku + "'", expectedVersion, current))
                        .orElseGet(() -> CatalogProblems.unknownProduct(sku));
            }
            change.put(listed.listed(replaced));
            return answers.of(replaced, null);
        }
    }
}

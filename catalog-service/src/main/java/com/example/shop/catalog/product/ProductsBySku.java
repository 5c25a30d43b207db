package com.example.shop.catalog.product;

import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Products found by any of their skus: by key first (one read on the unique {@code sku} index, the
 * common case), then through the {@link SkuRegistryStore} for a variant's sku (its claim names the
 * product), each read on a unique index. Not a query on {@code products.skus}: MongoDB cannot keep a
 * unique index there on products sharded on {@code {sku: 1}}, and the embedded server ignores an
 * index that is not unique, so such a query scanned every product. A claim whose product does not
 * hold the sku (a write that died after claiming) finds nothing.
 */
@Singleton
record ProductsBySku(ProductStore store, SkuRegistryStore registry) {

    /** The product sold under this sku: one read for a key, three for a variant's sku. */
    Optional<StoredProduct> find(String sku) {
        Optional<StoredProduct> byKey = store.bySku(sku);
        if (byKey.isPresent()) {
            return byKey;
        }
        return registry.owners(List.of(sku)).values().stream().findFirst().flatMap(store::bySku)
                .filter(product -> product.skus().contains(sku));
    }

    /** The products holding any of these skus, each once: one read, and two more when some are variants' skus. */
    List<StoredProduct> find(Collection<String> skus) {
        List<StoredProduct> found = store.byKeys(skus);
        Set<String> keys = new HashSet<>();
        found.forEach(product -> keys.add(product.sku()));
        List<String> rest = skus.stream().filter(sku -> !keys.contains(sku)).distinct().toList();
        if (rest.isEmpty()) {
            return found;
        }
        Map<String, String> owners = registry.owners(rest);
        List<String> others = owners.values().stream().filter(key -> !keys.contains(key)).distinct().toList();
        if (others.isEmpty()) {
            return found;
        }
        List<StoredProduct> result = new ArrayList<>(found);
        for (StoredProduct product : store.byKeys(others)) {
            // a claim counts only if its product holds the sku (a write that died after claiming leaves one that does not)
            if (product.skus().stream().anyMatch(sku -> product.sku().equals(owners.get(sku)))) {
                result.add(product);
            }
        }
        return result;
    }
}

package com.example.shop.catalog.product;

import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.ListedVariant;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.web.bulk.PagedScan;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The products as the search index takes them: each stored product with its listing JSON
 * ({@link ProductView#listed}: the per-cart limit in force, no {@code keywords_extra}), written here
 * once per product write or index build, never per read. The whole collection is read a page at a
 * time along the {@code _id} index.
 */
@Singleton
record ListedProducts(ProductStore store, ProductsBySku bySku, PerCartLimit perCartLimit, ObjectMapper json)
        implements ProductSource {

    @Override
    public void forEach(Consumer<ListedProduct> each) {
        try (PagedScan<?, ListedProduct> scan = store.scan(this::listed)) {
            scan.forEachRemaining(each);
        }
    }

    @Override
    public void forEachVersion(BiConsumer<String, Long> each) {
        store.forEachVersion(each);
    }

    @Override
    public Map<String, ListedProduct> find(Collection<String> skus) {
        Set<String> asked = new HashSet<>(skus);
        Map<String, ListedProduct> found = new HashMap<>();
        for (StoredProduct stored : bySku.find(asked)) {
            ListedProduct listed = listed(stored);
            for (String sku : stored.skus()) { // the key, and each variant's sku (retired ones too: still its product's)
                if (asked.contains(sku)) {
                    found.put(sku, listed);
                }
            }
        }
        return found;
    }

    /** A product read from or written to MongoDB, as listings show it. */
    ListedProduct listed(StoredProduct product) {
        return new ListedProduct(product.sku(), product.version(), product.type(), product.title(), product.description(),
                product.categoryIds(), product.details(), product.keywords(), product.pricing().retail(),
                product.pricing().pctSavings(), ProductView.listed(product, perCartLimit.of(product)).toJson(json),
                variants(product));
    }

    private static List<ListedVariant> variants(StoredProduct product) {
        List<ListedVariant> listed = new ArrayList<>(product.variants().size());
        for (StoredProduct.Variant variant : product.variants()) {
            if (!variant.retired()) {
                listed.add(new ListedVariant(variant.sku(), variant.options(), variant.pricingIn(product).retail(), false));
            }
        }
        return listed;
    }
}

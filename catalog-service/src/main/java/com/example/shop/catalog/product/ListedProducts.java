package com.example.shop.catalog.product;

import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.ProductSource;
import com.example.shop.web.bulk.IdOrderedScan;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import com.mongodb.client.model.Projections;
import org.bson.Document;

import static com.mongodb.client.model.Filters.in;

/**
 * The products as the search index takes them: each as a listing shows it (the per-cart limit in
 * force, no {@code _id}) with its JSON, written exactly as {@code GET /products} wrote it when it
 * read MongoDB. The whole collection is read a page at a time along the {@code _id} index.
 */
@ApplicationScoped
class ListedProducts implements ProductSource {

    private static final int PAGE = 1000;

    private final ProductStore store;
    private final PerCartLimit perCartLimit;

    ListedProducts(ProductStore store, PerCartLimit perCartLimit) {
        this.store = store;
        this.perCartLimit = perCartLimit;
    }

    @Override
    public void forEach(Consumer<ListedProduct> each) {
        try (IdOrderedScan<ListedProduct> scan = IdOrderedScan.of(store.products(), null, PAGE, this::listed)) {
            scan.forEachRemaining(each);
        }
    }

    @Override
    public void forEachVersion(BiConsumer<String, Long> each) {
        try (IdOrderedScan<Document> scan = IdOrderedScan.of(store.products(), Projections.include("sku", "version"), PAGE,
                product -> product)) {
            scan.forEachRemaining(product -> each.accept(product.getString("sku"),
                    product.get("version") instanceof Number version ? version.longValue() : null));
        }
    }

    @Override
    public Map<String, ListedProduct> find(Collection<String> skus) {
        Map<String, ListedProduct> found = new HashMap<>();
        for (Document product : store.products().find(in("sku", skus))) {
            ListedProduct listed = listed(product);
            found.put(listed.sku(), listed);
        }
        return found;
    }

    /** A product read from or written to MongoDB, as listings show it. */
    ListedProduct listed(Document product) {
        product.remove("_id");
        Document shown = perCartLimit.shownOn(product);
        return new ListedProduct(shown, ProductJson.listing(shown));
    }
}

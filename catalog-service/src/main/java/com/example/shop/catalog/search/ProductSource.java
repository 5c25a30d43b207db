package com.example.shop.catalog.search;

import java.util.Collection;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The products as MongoDB holds them now, the system of record the index is derived from. The
 * product feature owns the {@code products} collection and implements this; the index only reads
 * through it (a full build, and the re-read of products whose write had an unknown outcome).
 */
public interface ProductSource {

    /** Every product, a page at a time; a product written meanwhile may or may not be seen. */
    void forEach(Consumer<ListedProduct> each);

    /**
     * The products holding these skus as they are now, by each sku asked for: a product's key or one
     * of its variants' skus (an availability report names a variant), so one product may answer
     * several skus. A sku no product holds is absent from the answer.
     */
    Map<String, ListedProduct> find(Collection<String> skus);

    /**
     * Every product's sku and version (null when it has none), a page at a time: what the index's
     * verify compares. The product feature reads only those two fields.
     */
    default void forEachVersion(BiConsumer<String, Long> each) {
        forEach(product -> each.accept(product.sku(), product.version() > 0 ? product.version() : null));
    }
}

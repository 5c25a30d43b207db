package com.example.shop.catalog.product;

import com.example.shop.web.bulk.IdOrderedScan;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Iterator;
import org.bson.Document;

/**
 * Every product as one NDJSON line in the form an import takes back: the product as GET shows it
 * without its {@code version} (an import writes its own) and {@code keywords_extra} (it only
 * describes {@code keywords}). The per-cart limit goes out with its
 * source, so an inherited limit stays inherited when the file is imported again.
 */
@ApplicationScoped
class ExportProducts {

    private static final int BATCH = 1000;

    private final ProductStore store;
    private final PerCartLimit perCartLimit;

    ExportProducts(ProductStore store, PerCartLimit perCartLimit) {
        this.store = store;
        this.perCartLimit = perCartLimit;
    }

    /** The lines, read a page at a time along the {@code _id} index as they are written out ({@link IdOrderedScan}). */
    Iterator<String> lines() {
        return IdOrderedScan.of(store.products(), null, BATCH, this::line);
    }

    private String line(Document product) {
        product.remove("_id");
        product.remove("version");
        return perCartLimit.shownOn(product).toJson(ProductJson.SETTINGS);
    }
}

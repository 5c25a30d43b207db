package com.example.shop.catalog.product;

import com.example.shop.web.bulk.PagedScan;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Singleton;
import java.util.Iterator;

/**
 * Every product as one NDJSON line in the form an import takes back ({@link ProductView#exported}): the
 * product as GET shows it without its {@code version} (an import writes its own) and {@code keywords_extra} (it only
 * describes {@code keywords}). The per-cart limit goes out with its
 * source, so an inherited limit stays inherited when the file is imported again.
 */
@Singleton
record ExportProducts(ProductStore store, PerCartLimit perCartLimit, ObjectMapper json) {

    /** The lines, read a page at a time along the {@code _id} index as they are written out ({@link PagedScan}). */
    Iterator<String> lines() {
        return store.scan(this::line);
    }

    private String line(StoredProduct product) {
        return ProductView.exported(product, perCartLimit.of(product)).toJson(json);
    }
}

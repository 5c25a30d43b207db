package com.example.shop.catalog.product;

import com.mongodb.client.MongoCursor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Iterator;
import org.bson.Document;

/**
 * Every product as one NDJSON line in the form an import takes back: the product as GET shows it
 * without its {@code version} (an import writes its own). The per-cart limit goes out with its
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

    /** The lines, read from the database as they are written out; close it (NdjsonOutput does). */
    Lines lines() {
        return new Lines(store.products().find().projection(ProductStore.WITHOUT_ID).batchSize(BATCH).iterator());
    }

    final class Lines implements Iterator<String>, AutoCloseable {

        private final MongoCursor<Document> cursor;

        private Lines(MongoCursor<Document> cursor) {
            this.cursor = cursor;
        }

        @Override
        public boolean hasNext() {
            return cursor.hasNext();
        }

        @Override
        public String next() {
            Document product = perCartLimit.shownOn(cursor.next());
            product.remove("version");
            return product.toJson(ProductJson.SETTINGS);
        }

        @Override
        public void close() {
            cursor.close();
        }
    }
}

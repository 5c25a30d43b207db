package com.example.shop.catalog.search.index;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.search.ListedProduct;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Sort;

/**
 * What the tests of other packages assemble or look into of the index (a replica's index in
 * IndexLifecycleTest, documents of a test index in ListingSortTest), which the service keeps inside
 * the package.
 */
public final class IndexParts {

    private IndexParts() {
    }

    public static ProductIndex index(CatalogConfig config) {
        return new ProductIndex(config);
    }

    /** As the container closes it at shutdown: uncommitted changes are lost. */
    public static void close(ProductIndex index) {
        index.close();
    }

    public static int segments(ProductIndex index) {
        return index.segments();
    }

    public static Document document(ListedProduct product) {
        return ProductDocuments.of(product);
    }

    public static Term idOf(String sku) {
        return ProductDocuments.idOf(sku);
    }

    public static Sort indexOrder() {
        return ProductDocuments.indexOrder();
    }

    public static IndexMarker marker(Map<String, String> userData) {
        return IndexMarker.of(userData);
    }

    public static Map<String, String> userData(IndexMarker marker) {
        return marker.userData();
    }

}

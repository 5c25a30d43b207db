package com.example.shop.catalog.product;

import com.example.shop.testsupport.TestDatabase;
import org.bson.Document;

/**
 * Products written to the test database as the product feature stores them ({@link StoredProductCodec}:
 * {@code options}, {@code variants}, {@code skus}), for the tests of other packages that need products
 * with variants before the API writes them. Nothing reaches the index: the test rebuilds it.
 */
public final class StoredProducts {

    private static final StoredProductCodec CODEC = new StoredProductCodec();

    private StoredProducts() {
    }

    public static void insert(StoredProduct product) {
        TestDatabase.database("catalog").getCollection("products").insertOne(document(product));
    }

    public static Document document(StoredProduct product) {
        return CODEC.toDocument(product);
    }
}

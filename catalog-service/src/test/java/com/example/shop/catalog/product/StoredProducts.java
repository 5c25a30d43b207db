package com.example.shop.catalog.product;

import com.example.shop.testsupport.TestDatabase;
import org.bson.Document;

/**
 * Products written to the test database as the product feature stores them ({@link StoredProductCodec}:
 * {@code options}, {@code variants}, {@code skus}) with their skus claimed in the sku registry, for the
 * tests of other packages that need products with variants before the API writes them. Nothing
 * reaches the index: the test rebuilds it.
 */
public final class StoredProducts {

    private static final StoredProductCodec CODEC = new StoredProductCodec();

    private StoredProducts() {
    }

    public static void insert(StoredProduct product) {
        TestDatabase.database("catalog").getCollection("products").insertOne(document(product));
        for (String sku : product.skus()) {
            TestDatabase.database("catalog").getCollection(SkuRegistryStore.PRODUCT_SKUS).insertOne(new Document(SkuRegistryStore.ID, sku)
                    .append(SkuRegistryStore.PRODUCT, product.sku()).append(SkuRegistryStore.CLAIMED_AT, new java.util.Date()));
        }
    }

    public static Document document(StoredProduct product) {
        return CODEC.toDocument(product);
    }
}

package com.example.shop.catalog;

import com.example.shop.web.database.AfterIndexes;
import com.example.shop.web.database.FeatureIndexes;

/**
 * The catalog's collections. What the catalog needs in its database before it serves is what its
 * features declare: the indexes ({@link FeatureIndexes}: the product store's, book ch. 5 plus one
 * per sort order ending in the sku tie-break), then what the features put in place once they exist
 * ({@link AfterIndexes}: the built-in product types and, on a real MongoDB, a {@code $jsonSchema}
 * validator mirroring the product types, which the producttype feature implements). web-support's
 * {@code SchemaSetup} gathers both, puts them in place at start-up and keeps trying until they are;
 * readiness is DOWN until then. Each collection is opened by its feature's store, which declares
 * its indexes.
 *
 * <p>Like every service's root package, this one knows no feature: a feature builds on it, and
 * what a feature adds to the schema it adds through {@link FeatureIndexes} and {@link AfterIndexes}.
 */
public final class CatalogSchema {

    /** Products (feature {@code product}). */
    public static final String PRODUCTS = "products";
    /** Product types, {@code _id} = the name (feature {@code producttype}). */
    public static final String PRODUCT_TYPES = "product_types";
    /**
     * One document, {@code {_id: "products", epoch, revision}}: a counter every product write moves
     * before it writes, so that a search index can tell whether it is stale (feature {@code search}).
     */
    public static final String CATALOG_REVISION = "catalog_revision";
    /**
     * The change feed: one document per catalog revision, {@code {_id: revision, skus, at}}, read by
     * {@code _id} range by every replica to keep its search index current; trimmed by age
     * (feature {@code search}).
     */
    public static final String PRODUCT_CHANGES = "product_changes";
    /**
     * Availability as the cart service reports it, {@code {_id: sku, sold_out, seq, at}}: joined to the
     * product in the search index (feature {@code search}).
     */
    public static final String AVAILABILITY = "availability";

    private CatalogSchema() {
    }
}

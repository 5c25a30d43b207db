package com.example.shop.catalog.product;

import com.example.shop.web.bulk.IdOrderedScan;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;

import static com.mongodb.client.model.Filters.eq;

/**
 * The {@code products} collection, for this feature's use cases only, and its indexes (book ch. 5,
 * plus one per sort order ending in the sku tie-break), which web-support's SchemaSetup gathers.
 *
 * @param database for the commands that act on the collection itself (its validator)
 */
@Singleton
record ProductStore(MongoDatabase database, MongoCollection<Document> products) implements FeatureIndexes {

    /** The products; also named by {@link InstallProductValidator}, which puts a validator on it. */
    static final String PRODUCTS = "products";

    /**
     * The indexes of {@code products}. {@code sku_unique} is also the name the sharding script
     * gives the index when it shards {@code products} on {@code {sku: 1}} before the service ran;
     * a {@code sku_1} left by {@code shardCollection} itself counts as present. The others keep the
     * names MongoDB gives them.
     */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.SKU),
                    new IndexOptions().unique(true).name("sku_unique")),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.PRICING_PCT_SAVINGS)),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.ascending(StoredProduct.TYPE, StoredProduct.DETAILS_GENRE),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.ascending(StoredProduct.TYPE, StoredProduct.DETAILS_ACTOR),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.ascending(StoredProduct.TYPE),
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE), Indexes.ascending(StoredProduct.TITLE))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.KEYWORDS)),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.CATEGORY_IDS)),
            // the sort orders of GET /products, each with the sku tie-break of keyset pagination
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.descending(StoredProduct.PRICING_PCT_SAVINGS), Indexes.ascending(StoredProduct.SKU))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(
                    Indexes.descending(StoredProduct.DETAILS_ISSUE_DATE), Indexes.ascending(StoredProduct.SKU))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.TITLE, StoredProduct.SKU)),
            RequiredIndex.on(PRODUCTS, Indexes.ascending(StoredProduct.PRICING_RETAIL, StoredProduct.SKU)));

    /**
     * How many whole products a scan of the collection reads at a time ({@link IdOrderedScan}: the
     * export, the search index's build). The page being written out and the one read ahead stay
     * alive through the young collections of the catalog's small heap: at 1,000 (several MB decoded)
     * they overflowed its survivor space into the old generation, and at the large profile the
     * catalog spent 44 % of an export's CPU collecting garbage (bench/README.md, "The export").
     */
    static final int SCAN_PAGE = 100;

    @Inject
    ProductStore(MongoDatabase database) {
        this(database, database.getCollection(PRODUCTS));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** The product's stored version, if the product exists. */
    Optional<Object> versionOf(String sku) {
        Document current = products.find(eq(StoredProduct.SKU, sku)).projection(Projections.include(StoredProduct.VERSION)).first();
        return Optional.ofNullable(current).map(product -> product.get(StoredProduct.VERSION));
    }
}

package com.example.shop.catalog;

import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * What the catalog needs in its database before it serves: the indexes (book ch. 5, plus one per
 * sort order ending in the sku tie-break), then what the features put in place once they exist
 * ({@link AfterIndexes}: the built-in product types and, on a real MongoDB, a {@code $jsonSchema}
 * validator mirroring the product types). web-support's {@code SchemaSetup} puts it in place at
 * start-up and keeps trying until it is; readiness is DOWN until then. The collections are named
 * here, beside their indexes; each is opened by its feature's store.
 *
 * <p>Like every service's root package, this one knows no feature: a feature builds on it, and
 * what a feature adds to the schema it adds through {@link AfterIndexes}.
 */
@ApplicationScoped
public class CatalogSchema implements DatabaseSchema {

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

    /**
     * The indexes of {@code products}. {@code sku_unique} is also the name the sharding script
     * gives the index when it shards {@code products} on {@code {sku: 1}} before the service ran;
     * a {@code sku_1} left by {@code shardCollection} itself counts as present.
     */
    static final List<RequiredIndex> PRODUCT_INDEXES = List.of(
            RequiredIndex.on(PRODUCTS, Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_unique")),
            RequiredIndex.on(PRODUCTS, Indexes.ascending("pricing.pct_savings")),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.ascending("type", "details.genre"),
                    Indexes.descending("details.issue_date"))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.ascending("type", "details.actor"),
                    Indexes.descending("details.issue_date"))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.ascending("type"), Indexes.descending("details.issue_date"),
                    Indexes.ascending("title"))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending("keywords")),
            RequiredIndex.on(PRODUCTS, Indexes.ascending("category_ids")),
            // the sort orders of GET /products, each with the sku tie-break of keyset pagination
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.descending("pricing.pct_savings"), Indexes.ascending("sku"))),
            RequiredIndex.on(PRODUCTS, Indexes.compoundIndex(Indexes.descending("details.issue_date"), Indexes.ascending("sku"))),
            RequiredIndex.on(PRODUCTS, Indexes.ascending("title", "sku")),
            RequiredIndex.on(PRODUCTS, Indexes.ascending("pricing.retail", "sku")));

    /**
     * What is put in the database once the indexes exist, on every attempt until one succeeds:
     * idempotent, and safe when several replicas do it at once. The producttype feature implements
     * it (the built-in types, then the products' validator made from every type).
     */
    public interface AfterIndexes {
        void putInPlace();
    }

    private final AfterIndexes afterIndexes;

    CatalogSchema(AfterIndexes afterIndexes) {
        this.afterIndexes = afterIndexes;
    }

    @Override
    public List<RequiredIndex> indexes() {
        return PRODUCT_INDEXES;
    }

    @Override
    public void afterIndexes() {
        afterIndexes.putInPlace();
    }
}

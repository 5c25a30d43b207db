package com.example.shop.catalog.schema;

import com.example.shop.catalog.config.CatalogConfig;
import com.example.shop.catalog.product.ProductCatalog;
import com.example.shop.catalog.producttype.ProductTypes;
import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * What the catalog needs in its database before it serves: the indexes (book ch. 5, plus one per
 * sort order ending in the sku tie-break), then the built-in product types and, on a real MongoDB,
 * a {@code $jsonSchema} validator mirroring the product types. web-support's {@code SchemaSetup}
 * puts it in place at start-up and keeps trying until it is; readiness is DOWN until then.
 */
@ApplicationScoped
public class CatalogSchema implements DatabaseSchema {

    private static final Logger LOG = Logger.getLogger(CatalogSchema.class);
    private static final String PRODUCTS = ProductCatalog.COLLECTION;

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

    private final MongoDatabase database;
    private final ProductTypes types;
    private final CatalogConfig config;
    private volatile boolean validatorUnsupportedLogged;

    public CatalogSchema(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database,
                         ProductTypes types, CatalogConfig config) {
        this.database = mongo.getDatabase(database);
        this.types = types;
        this.config = config;
    }

    @Override
    public List<RequiredIndex> indexes() {
        return PRODUCT_INDEXES;
    }

    @Override
    public void afterIndexes() {
        if (config.seedProductTypes()) {
            types.seedBuiltIns();
        }
        refreshValidator();
    }

    /**
     * Installs (or replaces) the collection validator built from the current product types. The
     * embedded server has no {@code collMod} and ignores validators: there it is skipped, and the
     * service's own checks are the only ones (they run on every server).
     */
    public void refreshValidator() {
        Document validator = new Document("$jsonSchema", ProductValidator.schema(types.list()));
        try {
            try {
                database.runCommand(new Document("collMod", PRODUCTS)
                        .append("validator", validator)
                        .append("validationLevel", "strict")
                        .append("validationAction", "error"));
            } catch (MongoCommandException e) {
                if (e.getErrorCode() != 26) { // NamespaceNotFound: create it with the validator
                    throw e;
                }
                database.runCommand(new Document("create", PRODUCTS).append("validator", validator));
            }
        } catch (MongoCommandException e) {
            if (!validatorUnsupportedLogged) {
                validatorUnsupportedLogged = true;
                LOG.infof("Collection validator not installed (%s); the service's own checks still apply",
                        e.getErrorMessage());
            }
        } catch (MongoException e) {
            LOG.warnf("Collection validator not refreshed (%s); the service's own checks still apply", e.getMessage());
        }
    }
}

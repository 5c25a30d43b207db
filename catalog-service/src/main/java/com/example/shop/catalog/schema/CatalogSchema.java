package com.example.shop.catalog.schema;

import com.example.shop.catalog.config.CatalogConfig;
import com.example.shop.catalog.product.ProductCatalog;
import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypes;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * What the catalog needs in its database before it serves: the indexes (book ch. 5, plus one per
 * sort order ending in the sku tie-break), the built-in product types, and on a real MongoDB a
 * {@code $jsonSchema} validator mirroring the product types. All of it is idempotent and safe when
 * several replicas start at once. When the database is unreachable at startup the service still
 * starts, reports not ready, and the readiness check retries.
 */
@ApplicationScoped
public class CatalogSchema {

    private static final Logger LOG = Logger.getLogger(CatalogSchema.class);

    /** The indexes of {@code products}; creating an existing one is a no-op. */
    static final List<IndexModel> PRODUCT_INDEXES = List.of(
            new IndexModel(Indexes.ascending("sku"), new IndexOptions().unique(true).name("sku_unique")),
            new IndexModel(Indexes.ascending("pricing.pct_savings")),
            new IndexModel(Indexes.compoundIndex(Indexes.ascending("type", "details.genre"),
                    Indexes.descending("details.issue_date"))),
            new IndexModel(Indexes.compoundIndex(Indexes.ascending("type", "details.actor"),
                    Indexes.descending("details.issue_date"))),
            new IndexModel(Indexes.compoundIndex(Indexes.ascending("type"), Indexes.descending("details.issue_date"),
                    Indexes.ascending("title"))),
            new IndexModel(Indexes.ascending("keywords")),
            new IndexModel(Indexes.ascending("category_ids")),
            // the sort orders of GET /products, each with the sku tie-break of keyset pagination
            new IndexModel(Indexes.compoundIndex(Indexes.descending("pricing.pct_savings"), Indexes.ascending("sku"))),
            new IndexModel(Indexes.compoundIndex(Indexes.descending("details.issue_date"), Indexes.ascending("sku"))),
            new IndexModel(Indexes.ascending("title", "sku")),
            new IndexModel(Indexes.ascending("pricing.retail", "sku")));

    private final MongoDatabase database;
    private final ProductTypes types;
    private final CatalogConfig config;
    private volatile boolean ready;
    private volatile boolean validatorUnsupportedLogged;

    public CatalogSchema(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database,
                         ProductTypes types, CatalogConfig config) {
        this.database = mongo.getDatabase(database);
        this.types = types;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        ensure();
    }

    /** Whether the schema is in place; tries again if it is not yet. */
    public boolean ensure() {
        if (ready) {
            return true;
        }
        synchronized (this) {
            if (ready) {
                return true;
            }
            try {
                MongoCollection<Document> products = database.getCollection(ProductCatalog.COLLECTION);
                products.createIndexes(PRODUCT_INDEXES);
                if (config.seedProductTypes()) {
                    types.seedBuiltIns();
                }
                refreshValidator();
                ready = true;
                LOG.info("Catalog indexes and product types are in place");
            } catch (MongoException e) {
                LOG.warnf("Catalog schema not in place yet (%s); readiness will retry", e.getMessage());
            }
            return ready;
        }
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
                database.runCommand(new Document("collMod", ProductCatalog.COLLECTION)
                        .append("validator", validator)
                        .append("validationLevel", "strict")
                        .append("validationAction", "error"));
            } catch (MongoCommandException e) {
                if (e.getErrorCode() != 26) { // NamespaceNotFound: create it with the validator
                    throw e;
                }
                database.runCommand(new Document("create", ProductCatalog.COLLECTION).append("validator", validator));
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

    static List<String> typeNames(List<ProductType> list) {
        List<String> names = new ArrayList<>();
        list.forEach(t -> names.add(t.name()));
        return names;
    }
}

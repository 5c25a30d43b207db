package com.example.shop.catalog.search;

import com.example.shop.catalog.CatalogSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The search feature's collections, {@code catalog_revision}, {@code product_changes} and
 * {@code search_index_runs} (the verify and rebuild runs), for this package only.
 */
@ApplicationScoped
class SearchStore {

    private final MongoCollection<Document> revisions;
    private final MongoCollection<Document> changes;
    private final MongoCollection<Document> runs;

    SearchStore(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.revisions = mongo.getDatabase(database).getCollection(CatalogSchema.CATALOG_REVISION);
        this.changes = mongo.getDatabase(database).getCollection(CatalogSchema.PRODUCT_CHANGES);
        this.runs = mongo.getDatabase(database).getCollection(SearchIndexRuns.COLLECTION);
    }

    MongoCollection<Document> changes() {
        return changes;
    }

    MongoCollection<Document> runs() {
        return runs;
    }

    MongoCollection<Document> revisions() {
        return revisions;
    }
}

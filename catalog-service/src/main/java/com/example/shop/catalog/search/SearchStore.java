package com.example.shop.catalog.search;

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

    /**
     * One document, {@code {_id: "products", epoch, revision}}: a counter every product write moves
     * before it writes, so that a search index can tell whether it is stale ({@link CatalogRevision}).
     */
    private static final String CATALOG_REVISION = "catalog_revision";
    /**
     * The change feed: one document per catalog revision, {@code {_id: revision, skus, at}}, read by
     * {@code _id} range by every replica to keep its search index current; trimmed by age ({@link ChangeFeed}).
     */
    private static final String PRODUCT_CHANGES = "product_changes";
    /** The verify and rebuild runs of every replica ({@link SearchIndexRuns}). */
    private static final String SEARCH_INDEX_RUNS = "search_index_runs";

    private final MongoCollection<Document> revisions;
    private final MongoCollection<Document> changes;
    private final MongoCollection<Document> runs;

    SearchStore(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.revisions = mongo.getDatabase(database).getCollection(CATALOG_REVISION);
        this.changes = mongo.getDatabase(database).getCollection(PRODUCT_CHANGES);
        this.runs = mongo.getDatabase(database).getCollection(SEARCH_INDEX_RUNS);
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

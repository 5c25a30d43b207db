package com.example.shop.catalog.search.feed;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.bson.Document;

/**
 * The search feature's collections, {@code catalog_revision}, {@code product_changes} and
 * {@code search_index_runs} (the verify and rebuild runs), for this package only.
 */
@Singleton
public record SearchStore(MongoCollection<Document> revisions, MongoCollection<Document> changes, MongoCollection<Document> runs) {

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
    /** The verify and rebuild runs of every replica ({@code SearchIndexRuns}). */
    private static final String SEARCH_INDEX_RUNS = "search_index_runs";

    @Inject
    SearchStore(MongoDatabase database) {
        this(database.getCollection(CATALOG_REVISION), database.getCollection(PRODUCT_CHANGES),
                database.getCollection(SEARCH_INDEX_RUNS));
    }
}

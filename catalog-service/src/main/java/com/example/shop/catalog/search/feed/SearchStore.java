package com.example.shop.catalog.search.feed;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.bson.Document;

/**
 * The feed's collections, {@code catalog_revision} and {@code product_changes}, for this package only.
 */
@Singleton
public record SearchStore(MongoCollection<Document> revisions, MongoCollection<Document> changes) {

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

    @Inject
    SearchStore(MongoDatabase database) {
        this(database.getCollection(CATALOG_REVISION), database.getCollection(PRODUCT_CHANGES));
    }
}

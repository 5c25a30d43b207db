package com.example.shop.catalog.search;

import com.example.shop.catalog.CatalogSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The search feature's one collection, {@code catalog_revision}, for this package only. */
@ApplicationScoped
class SearchStore {

    private final MongoCollection<Document> revisions;

    SearchStore(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.revisions = mongo.getDatabase(database).getCollection(CatalogSchema.CATALOG_REVISION);
    }

    MongoCollection<Document> revisions() {
        return revisions;
    }
}

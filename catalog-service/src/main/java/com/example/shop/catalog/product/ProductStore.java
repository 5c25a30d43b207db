package com.example.shop.catalog.product;

import com.example.shop.catalog.CatalogSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Projections;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import static com.mongodb.client.model.Filters.eq;

/** The {@code products} collection, for this feature's use cases only. */
@ApplicationScoped
class ProductStore {

    /** Products are written out without the stored {@code _id}. */
    static final Bson WITHOUT_ID = Projections.excludeId();

    private final MongoDatabase database;
    private final MongoCollection<Document> products;

    ProductStore(MongoClient mongo, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this.database = mongo.getDatabase(database);
        this.products = this.database.getCollection(CatalogSchema.PRODUCTS);
    }

    MongoCollection<Document> products() {
        return products;
    }

    /** For the commands that act on the collection itself (its validator). */
    MongoDatabase database() {
        return database;
    }

    /** The product's stored version, if the product exists. */
    Optional<Object> versionOf(String sku) {
        Document current = products.find(eq(StoredProduct.SKU, sku)).projection(Projections.include(StoredProduct.VERSION)).first();
        return Optional.ofNullable(current).map(product -> product.get(StoredProduct.VERSION));
    }
}

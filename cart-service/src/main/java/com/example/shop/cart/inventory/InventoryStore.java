package com.example.shop.cart.inventory;

import com.example.shop.cart.CartSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The inventory feature's collection, {@code inventory}, the collection of record for stock: only
 * this feature's use cases write or read it; the carts feature reserves, returns and sells stock
 * through {@link Reservations}.
 */
@ApplicationScoped
public class InventoryStore {

    private final MongoCollection<Document> inventory;

    @Inject
    InventoryStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this(client.getDatabase(database));
    }

    /** On any database, outside CDI: tests run a second "replica" of the jobs on a client of their own. */
    public InventoryStore(MongoDatabase database) {
        this.inventory = database.getCollection(CartSchema.INVENTORY);
    }

    MongoCollection<Document> inventory() {
        return inventory;
    }
}

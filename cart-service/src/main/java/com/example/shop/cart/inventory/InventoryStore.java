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
 * The inventory feature's collections: {@code inventory} (stock per sku, the collection of record),
 * {@code reservations} (who holds the reserved units), {@code inventory_moves} (the moves of units
 * in flight between the two) and {@code migrations}. Only this feature reads or writes them; the
 * carts feature reserves, returns and sells stock through {@link Reservations}.
 */
@ApplicationScoped
public class InventoryStore {

    private final MongoCollection<Document> inventory;
    private final MongoCollection<Document> reservations;
    private final MongoCollection<Document> moves;
    private final MongoCollection<Document> migrations;
    private final MongoCollection<Document> availabilityOutbox;
    private final MongoCollection<Document> availabilityListed;

    @Inject
    InventoryStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this(client.getDatabase(database));
    }

    /** On any database, outside CDI: tests run a second "replica" of the jobs on a client of their own. */
    public InventoryStore(MongoDatabase database) {
        this.inventory = database.getCollection(CartSchema.INVENTORY);
        this.reservations = database.getCollection(CartSchema.RESERVATIONS);
        this.moves = database.getCollection(CartSchema.INVENTORY_MOVES);
        this.migrations = database.getCollection(CartSchema.MIGRATIONS);
        this.availabilityOutbox = database.getCollection(CartSchema.AVAILABILITY_OUTBOX);
        this.availabilityListed = database.getCollection(CartSchema.AVAILABILITY_LISTED);
    }

    MongoCollection<Document> inventory() {
        return inventory;
    }

    MongoCollection<Document> reservations() {
        return reservations;
    }

    MongoCollection<Document> moves() {
        return moves;
    }

    MongoCollection<Document> migrations() {
        return migrations;
    }

    MongoCollection<Document> availabilityOutbox() {
        return availabilityOutbox;
    }

    MongoCollection<Document> availabilityListed() {
        return availabilityListed;
    }
}

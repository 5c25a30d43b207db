package com.example.shop.cart.carts;

import com.example.shop.cart.CartSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The carts feature's collection, {@code cart}: only this feature's use cases write or read it;
 * other features reach carts through them ({@link ExpireCarts}, {@link CartClaims}, ...).
 */
@ApplicationScoped
public class CartsStore {

    private final MongoCollection<Document> carts;

    @Inject
    CartsStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this(client.getDatabase(database));
    }

    /** On any database, outside CDI: tests run a second "replica" of the jobs on a client of their own. */
    public CartsStore(MongoDatabase database) {
        this.carts = database.getCollection(CartSchema.CARTS);
    }

    MongoCollection<Document> carts() {
        return carts;
    }
}

package com.example.shop.cart.config;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The two collections of this service. {@code inventory} is the collection of record for stock;
 * {@code cart} holds the carts. Can be built outside CDI on any MongoClient (tests run a second
 * "replica" of the jobs that way). Their indexes are in {@link CartSchema}.
 */
@Singleton
public class CartDatabase {

    public static final String INVENTORY = "inventory";
    public static final String CARTS = "cart";
    public static final String JOB_RUNS = "job_runs";
    public static final String JOB_LEASES = "job_leases";

    private final MongoDatabase database;

    @Inject
    public CartDatabase(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String name) {
        this(client.getDatabase(name));
    }

    public CartDatabase(MongoDatabase database) {
        this.database = database;
    }

    public MongoCollection<Document> inventory() {
        return database.getCollection(INVENTORY);
    }

    public MongoCollection<Document> carts() {
        return database.getCollection(CARTS);
    }

    /** Runs of the jobs (see {@code jobs.JobRuns}). */
    public MongoCollection<Document> jobRuns() {
        return database.getCollection(JOB_RUNS);
    }

    /** One lease document per job (see {@code jobs.JobRuns}). */
    public MongoCollection<Document> jobLeases() {
        return database.getCollection(JOB_LEASES);
    }

}

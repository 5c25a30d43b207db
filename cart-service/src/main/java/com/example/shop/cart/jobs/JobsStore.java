package com.example.shop.cart.jobs;

import com.example.shop.cart.CartSchema;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.bson.Document;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The jobs feature's collections: {@code job_runs} and {@code job_leases} (see {@link JobRuns}). */
@ApplicationScoped
public class JobsStore {

    private final MongoCollection<Document> runs;
    private final MongoCollection<Document> leases;

    @Inject
    JobsStore(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        this(client.getDatabase(database));
    }

    /** On any database, outside CDI: tests run a second "replica" of the jobs on a client of their own. */
    public JobsStore(MongoDatabase database) {
        this.runs = database.getCollection(CartSchema.JOB_RUNS);
        this.leases = database.getCollection(CartSchema.JOB_LEASES);
    }

    MongoCollection<Document> runs() {
        return runs;
    }

    MongoCollection<Document> leases() {
        return leases;
    }
}

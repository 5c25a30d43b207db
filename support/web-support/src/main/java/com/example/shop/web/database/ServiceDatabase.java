package com.example.shop.web.database;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The service's database ({@code quarkus.mongodb.database} on the service's client), which its
 * stores open their collections in: the one place that names it. The MongoDB extension produces
 * the client only.
 */
@Singleton
public class ServiceDatabase {

    @Produces
    @Singleton
    MongoDatabase database(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String name) {
        return client.getDatabase(name);
    }
}

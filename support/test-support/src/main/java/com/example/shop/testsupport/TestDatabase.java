package com.example.shop.testsupport;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * Direct access to the test database, for assertions that a request changed nothing: a snapshot
 * of a database's collections taken before a bad request must equal the one taken after.
 */
public final class TestDatabase {

    private static MongoClient client;
    private static String clientFor;

    private TestDatabase() {
    }

    /** A database of the running test server (a new client when a restarted resource moved it). */
    public static synchronized MongoDatabase database(String name) {
        String current = MongoTestResource.connectionString();
        if (client == null || !current.equals(clientFor)) {
            if (client != null) {
                client.close();
            }
            client = MongoClients.create(current);
            clientFor = current;
        }
        return client.getDatabase(name);
    }

    /** Every document of every collection of the database, in a stable order. */
    public static List<Document> snapshot(String databaseName) {
        MongoDatabase database = database(databaseName);
        List<Document> all = new ArrayList<>();
        List<String> names = database.listCollectionNames().into(new ArrayList<>());
        names.sort(String::compareTo);
        for (String name : names) {
            all.add(new Document("collection", name));
            database.getCollection(name).find().sort(new Document("_id", 1)).into(all);
        }
        return all;
    }
}

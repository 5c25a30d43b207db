package com.example.shop.bench;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/** Direct, read-only access to the platform's databases for the checkers. */
final class Db implements AutoCloseable {

    static final List<String> DATABASES = List.of("catalog", "categories", "cart");

    final MongoClient client;

    Db(String uri) {
        this.client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri))
                .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
                .applyToSocketSettings(b -> b.connectTimeout(3, TimeUnit.SECONDS).readTimeout(60, TimeUnit.SECONDS))
                .build());
    }

    MongoDatabase db(String name) {
        return client.getDatabase(name);
    }

    /**
     * The cart service's records of its job runs and their leases: the schedule adds runs at any
     * time, and a run changes none of the shop's state by being recorded, so snapshots leave these out.
     */
    static final java.util.Set<String> JOB_RECORDS = java.util.Set.of("cart.runs", "cart.leases");

    /**
     * Every document of every collection of the three databases (but {@link #JOB_RECORDS}), as
     * canonical JSON sorted by collection and {@code _id}: two snapshots are equal exactly when
     * nothing changed.
     */
    Map<String, String> snapshot() {
        JsonWriterSettings canonical = JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build();
        Map<String, String> out = new TreeMap<>();
        for (String dbName : DATABASES) {
            MongoDatabase db = db(dbName);
            List<String> names = db.listCollectionNames().into(new ArrayList<>());
            for (String coll : names) {
                if (JOB_RECORDS.contains(dbName + "." + coll)) {
                    continue;
                }
                for (Document d : db.getCollection(coll).find()) {
                    Object id = d.get("_id");
                    out.put(dbName + "." + coll + "/" + (id == null ? d.toJson(canonical) : new Document("_id", id).toJson(canonical)),
                            d.toJson(canonical));
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        client.close();
    }
}

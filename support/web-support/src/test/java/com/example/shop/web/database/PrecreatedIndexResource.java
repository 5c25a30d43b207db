package com.example.shop.web.database;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * An embedded server whose {@code probe.items} already has an index on {@code sku} named
 * {@code sku_1} (as {@code shardCollection} leaves one) before the application starts: unique or
 * not, as the {@code unique} argument says.
 */
public class PrecreatedIndexResource implements QuarkusTestResourceLifecycleManager {

    private boolean unique;
    private EmbeddedMongo server;

    @Override
    public void init(Map<String, String> args) {
        unique = Boolean.parseBoolean(args.get("unique"));
    }

    @Override
    public Map<String, String> start() {
        server = EmbeddedMongo.inMemory();
        try (MongoClient client = MongoClients.create(server.connectionString())) {
            client.getDatabase("probe").getCollection(ProbeIndexes.COLLECTION)
                    .createIndex(Indexes.ascending("sku"), new IndexOptions().unique(unique).name("sku_1"));
        }
        return Map.of("quarkus.mongodb.connection-string", server.connectionString(),
                "quarkus.mongodb.database", "probe",
                "shop.schema.retry-every", "200ms",
                "quarkus.mongodb.server-selection-timeout", "2s");
    }

    @Override
    public void stop() {
        server.close();
    }
}

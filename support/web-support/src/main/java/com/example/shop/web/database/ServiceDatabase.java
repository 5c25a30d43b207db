package com.example.shop.web.database;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.bson.codecs.configuration.CodecRegistries;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The service's database ({@code quarkus.mongodb.database} on the service's client), which its
 * stores open their collections in: the one place that names it. The MongoDB extension produces
 * the client only. A store opens each collection typed, through its record's {@link StoredCodec}.
 */
@Singleton
public class ServiceDatabase {

    @Produces
    @Singleton
    MongoDatabase database(MongoClient client, @ConfigProperty(name = "quarkus.mongodb.database") String name) {
        return client.getDatabase(name);
    }

    /** The collection {@code name} of {@code database}, read and written as {@code codec}'s records. */
    public static <T> MongoCollection<T> collection(MongoDatabase database, String name, StoredCodec<T> codec) {
        return database.getCollection(name, codec.getEncoderClass())
                .withCodecRegistry(CodecRegistries.fromRegistries(CodecRegistries.fromCodecs(codec), database.getCodecRegistry()));
    }
}

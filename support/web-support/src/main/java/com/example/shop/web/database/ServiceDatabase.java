package com.example.shop.web.database;

import com.mongodb.WriteConcern;
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

    /**
     * How the steps of a sequence of writes are written when a later write of the same sequence is
     * written with the default concern: acknowledged once the database has applied them, not once
     * they are on disk ({@code j: false}). The database makes writes durable in the order it applied
     * them, so a crash of it loses the last steps of a sequence, never one in its middle, and the
     * sequence's journalled write, when acknowledged, holds every step before it. A sequence whose
     * lost steps are repeated after a crash (each step idempotent) may use it; what a client is
     * answered is written with the default concern.
     */
    public static final WriteConcern STEPS = WriteConcern.ACKNOWLEDGED.withJournal(false);

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

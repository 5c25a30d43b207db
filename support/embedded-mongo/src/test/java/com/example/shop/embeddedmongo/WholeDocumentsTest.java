package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reader gets whole documents while other clients update them, as from MongoDB: each answer
 * shows one update's result, never a document half-way from one version to the next, and never an
 * error. mongo-java-server changes a stored document in place and writes a reply after the
 * collection's lock is released, so a reply (and, durably, a commit writing the page) could read a
 * document while an update was changing it; here every update writes a changed copy instead.
 *
 * <p>Writers set all of {@value #FIELDS} fields to one value, by {@code _id} (updateOne,
 * findOneAndUpdate) and by a condition no index answers (updateMany over every document), and add
 * or remove a field as they go, which changes the shape of the document, not only its values.
 * Readers read by {@code _id} and by a scan of the collection.
 */
class WholeDocumentsTest {

    private static final int FIELDS = 24;
    private static final int DOCUMENTS = 4;
    private static final int WRITERS = 4;
    private static final int READERS = 4;
    private static final long SECONDS = 3;

    @TempDir
    Path dir;

    @Test
    void readersSeeOnlyWholeDocumentsInMemory() throws Exception {
        try (EmbeddedMongo mongo = EmbeddedMongo.inMemory()) {
            assertEquals(List.of(), readWhileUpdating(mongo.connectionString()));
        }
    }

    @Test
    void readersSeeOnlyWholeDocumentsDurablyAndTheFileHoldsWholeOnes() throws Exception {
        Path file = dir.resolve("whole.mv.db");
        try (EmbeddedMongo mongo = EmbeddedMongo.durable(file, "127.0.0.1", 0)) {
            assertEquals(List.of(), readWhileUpdating(mongo.connectionString()));
        }
        try (EmbeddedMongo reopened = EmbeddedMongo.durable(file, "127.0.0.1", 0);
             MongoClient client = MongoClients.create(reopened.connectionString())) {
            List<String> broken = new ArrayList<>();
            for (Document stored : documents(client).find()) {
                String fault = fault(stored);
                if (fault != null) {
                    broken.add("after reopening: " + fault);
                }
            }
            assertEquals(List.of(), broken);
            assertEquals(DOCUMENTS, documents(client).countDocuments());
        }
    }

    /** What the readers saw that was not a whole document, and every error any client got. */
    private static List<String> readWhileUpdating(String connectionString) throws Exception {
        try (MongoClient client = MongoClients.create(connectionString)) {
            MongoCollection<Document> documents = documents(client);
            documents.drop();
            for (int id = 0; id < DOCUMENTS; id++) {
                documents.insertOne(version(0).append("_id", id));
            }
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            List<String> faults = AllAtOnce.run(WRITERS + READERS, number -> number < WRITERS
                    ? write(documents, number, until) : read(documents, number - WRITERS, until));
            return faults.subList(0, Math.min(10, faults.size()));
        }
    }

    private static List<String> write(MongoCollection<Document> documents, int writer, long until) {
        List<String> faults = new ArrayList<>();
        FindOneAndUpdateOptions after = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);
        for (int i = 1; System.nanoTime() < until; i++) {
            int value = writer * 1_000_000 + i;
            Bson update = Updates.combine(setAll(value), i % 2 == 0 ? Updates.set("extra", value) : Updates.unset("extra"));
            try {
                switch (i % 3) {
                    case 0 -> documents.updateOne(Filters.eq("_id", i % DOCUMENTS), update);
                    case 1 -> {
                        Document answer = documents.findOneAndUpdate(Filters.eq("_id", i % DOCUMENTS), update, after);
                        if (answer == null || answer.getInteger("f0") != value) {
                            faults.add("findOneAndUpdate answered " + answer + " for its update to " + value);
                        }
                    }
                    default -> documents.updateMany(Filters.gte("f0", 0), update);
                }
            } catch (RuntimeException e) {
                faults.add("writer " + writer + ": " + e);
            }
        }
        return faults;
    }

    private static List<String> read(MongoCollection<Document> documents, int reader, long until) {
        List<String> faults = new ArrayList<>();
        for (int i = 0; System.nanoTime() < until; i++) {
            try {
                Iterable<Document> seen = i % 2 == 0 ? documents.find(Filters.eq("_id", i % DOCUMENTS)) : documents.find();
                for (Document document : seen) {
                    String fault = fault(document);
                    if (fault != null) {
                        faults.add(fault);
                    }
                }
            } catch (RuntimeException e) {
                faults.add("reader " + reader + ": " + e);
            }
        }
        return faults;
    }

    private static Document version(int value) {
        Document document = new Document();
        for (int f = 0; f < FIELDS; f++) {
            document.append("f" + f, value);
        }
        return document;
    }

    private static Bson setAll(int value) {
        List<Bson> sets = new ArrayList<>();
        for (int f = 0; f < FIELDS; f++) {
            sets.add(Updates.set("f" + f, value));
        }
        return Updates.combine(sets);
    }

    /** Null when every field holds one value (and {@code extra}, when there, that value too). */
    private static String fault(Document document) {
        Object first = document.get("f0");
        for (int f = 1; f < FIELDS; f++) {
            if (!first.equals(document.get("f" + f))) {
                return "half an update: " + document.toJson();
            }
        }
        Object extra = document.get("extra");
        return extra == null || extra.equals(first) ? null : "half an update: " + document.toJson();
    }

    private static MongoCollection<Document> documents(MongoClient client) {
        return client.getDatabase("test").getCollection("whole");
    }
}

package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durable server runs as its own process; every write it acknowledged must still be there
 * after that process is killed with SIGKILL (no shutdown hook, no final commit) and restarted.
 */
class DurabilityTest {

    /** {@code EmbeddedMongo}'s line once it listens: "embedded MongoDB listening on mongodb://host:port (...)". */
    private static final Pattern LISTENING = Pattern.compile("listening on (mongodb://\\S+)");

    @TempDir
    Path dir;

    @Test
    void acknowledgedWritesSurviveKillMinus9() throws Exception {
        Path data = dir.resolve("mongo.mv.db");

        Server first = start(data);
        int written = 500;
        try (MongoClient client = MongoClients.create(first.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            for (int i = 0; i < written; i++) {
                docs.insertOne(new Document("_id", i).append("n", 0));
            }
            docs.updateOne(Filters.eq("_id", 7), Updates.inc("n", 1));
            docs.deleteOne(Filters.eq("_id", 8));
        }
        // Killed right after the last acknowledged write: nothing gets a chance to flush.
        first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);

        Server second = start(data);
        try (MongoClient client = MongoClients.create(second.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            assertEquals(written - 1, docs.countDocuments());
            assertEquals(1, docs.find(Filters.eq("_id", 7)).first().getInteger("n"));
            assertEquals(0, docs.countDocuments(Filters.eq("_id", 8)));
            assertEquals(1, docs.countDocuments(Filters.eq("_id", written - 1)));
        } finally {
            second.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Eight clients write at once, so that commits are shared between them (group commit): every
     * write any of them got acknowledged is there after the kill.
     */
    @Test
    void concurrentAcknowledgedWritesSurviveKillMinus9() throws Exception {
        Path data = dir.resolve("mongo.mv.db");
        int writers = 8;
        int perWriter = 150;

        Server first = start(data);
        java.util.concurrent.ConcurrentLinkedQueue<String> acknowledged = new java.util.concurrent.ConcurrentLinkedQueue<>();
        try (MongoClient client = MongoClients.create(first.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            MongoCollection<Document> counters = client.getDatabase("durability").getCollection("counters");
            for (int w = 0; w < writers; w++) {
                counters.insertOne(new Document("_id", "w" + w).append("n", 0));
            }
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writers);
            for (int w = 0; w < writers; w++) {
                String writer = "w" + w;
                pool.submit(() -> {
                    for (int i = 0; i < perWriter; i++) {
                        docs.insertOne(new Document("_id", writer + "-" + i));
                        // a guarded update, the shape the services use
                        long changed = counters.updateOne(Filters.and(Filters.eq("_id", writer), Filters.eq("n", i)),
                                Updates.inc("n", 1)).getModifiedCount();
                        assertEquals(1, changed);
                        acknowledged.add(writer + "-" + i);
                    }
                    return null;
                });
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(2, TimeUnit.MINUTES));
        }
        first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);

        Server second = start(data);
        try (MongoClient client = MongoClients.create(second.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            MongoCollection<Document> counters = client.getDatabase("durability").getCollection("counters");
            assertEquals(writers * perWriter, acknowledged.size());
            assertEquals(acknowledged.size(), docs.countDocuments());
            for (int w = 0; w < writers; w++) {
                assertEquals(perWriter, counters.find(Filters.eq("_id", "w" + w)).first().getInteger("n"), "counter w" + w);
            }
        } finally {
            second.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Writes sent with {@code j: false} are answered before they are on disk (killed right after
     * them, the server has none of them), and the next write sent without it puts them on disk with
     * itself: the order a client's steps were applied in is the order they become durable in.
     */
    @Test
    void unjournaledWritesReachTheDiskWithTheNextAcknowledgedWrite() throws Exception {
        Path data = dir.resolve("mongo.mv.db");

        Server first = start(data);
        try (MongoClient client = MongoClients.create(first.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            MongoCollection<Document> steps = docs.withWriteConcern(WriteConcern.ACKNOWLEDGED.withJournal(false));
            docs.insertOne(new Document("_id", "before"));
            for (int i = 0; i < 20; i++) {
                steps.insertOne(new Document("_id", "step-" + i));
            }
            steps.updateOne(Filters.eq("_id", "before"), Updates.set("seen", true));
        }
        first.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);

        Server second = start(data);
        try (MongoClient client = MongoClients.create(second.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            MongoCollection<Document> steps = docs.withWriteConcern(WriteConcern.ACKNOWLEDGED.withJournal(false));
            assertEquals(1, docs.countDocuments(), "only the acknowledged insert was on disk");
            assertEquals(null, docs.find(Filters.eq("_id", "before")).first().get("seen"));
            for (int i = 0; i < 20; i++) {
                steps.insertOne(new Document("_id", "again-" + i));
            }
            steps.updateOne(Filters.eq("_id", "before"), Updates.set("seen", true));
            docs.insertOne(new Document("_id", "last"));
        } finally {
            second.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        Server third = start(data);
        try (MongoClient client = MongoClients.create(third.connectionString())) {
            MongoCollection<Document> docs = client.getDatabase("durability").getCollection("docs");
            assertEquals(22, docs.countDocuments(), "the 20 steps came to disk with the acknowledged write after them");
            assertEquals(true, docs.find(Filters.eq("_id", "before")).first().get("seen"));
        } finally {
            third.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A server process, and the address it bound. */
    private record Server(Process process, String connectionString) {
    }

    /**
     * A server of its own process on {@code data}, on a port it binds itself (port 0) and names in
     * the line that says it listens: a port picked free here and bound there later could be taken
     * meanwhile. Each restart has a port of its own; a client connects anew anyway.
     */
    private static Server start(Path data) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                EmbeddedMongo.class.getName(), "--port", "0", "--data", data.toString())
                .redirectErrorStream(true)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            Matcher listening = LISTENING.matcher(line);
            if (listening.find()) {
                drain(out);
                return new Server(process, listening.group(1));
            }
        }
        throw new AssertionError("embedded MongoDB did not start");
    }

    private static void drain(BufferedReader out) {
        Thread drainer = new Thread(() -> {
            try {
                while (out.readLine() != null) {
                    // keep the pipe from filling up
                }
            } catch (Exception ignored) {
                // the process ended
            }
        });
        drainer.setDaemon(true);
        drainer.start();
    }
}

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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Concurrent clients of one document get what MongoDB gives them: a find-and-modify answers the
 * document as its own command left it (a counter's {@code $inc} hands out every value once). Both
 * backends, over the wire. That a read never sees half of an update: {@link WholeDocumentsTest}.
 */
class FindAndModifyTest {

    private static final int CLIENTS = 8;
    private static final int EACH = 500;

    @TempDir
    Path dir;

    @Test
    void aCounterHandsOutEveryValueOnceInMemory() throws Exception {
        try (EmbeddedMongo mongo = EmbeddedMongo.inMemory()) {
            assertEveryValueOnce(mongo);
        }
    }

    @Test
    void aCounterHandsOutEveryValueOnceDurably() throws Exception {
        try (EmbeddedMongo mongo = EmbeddedMongo.durable(dir.resolve("mongo.mv.db"), "127.0.0.1", 0)) {
            assertEveryValueOnce(mongo);
        }
    }

    private void assertEveryValueOnce(EmbeddedMongo mongo) throws Exception {
        try (MongoClient client = MongoClients.create(mongo.connectionString())) {
            MongoCollection<Document> counters = client.getDatabase("test").getCollection("counters");
            FindOneAndUpdateOptions upsertAfter = new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER);
            List<Long> values = AllAtOnce.run(CLIENTS, writer -> {
                List<Long> got = new ArrayList<>();
                for (int i = 0; i < EACH; i++) {
                    Document counter = counters.findOneAndUpdate(Filters.eq("_id", "products"),
                            Updates.inc("revision", 1L), upsertAfter);
                    got.add(counter.getLong("revision"));
                }
                return got;
            });
            Set<Long> distinct = new HashSet<>(values);
            assertEquals(CLIENTS * EACH, distinct.size(), "distinct values handed out of " + values.size());
            assertEquals(CLIENTS * EACH, counters.find().first().getLong("revision"));
        }
    }
}

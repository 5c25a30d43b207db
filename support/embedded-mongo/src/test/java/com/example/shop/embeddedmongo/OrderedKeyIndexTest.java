package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unique indexes ordered by value: the same answers as before, and data files of the original maps converted. */
class OrderedKeyIndexTest {

    @TempDir
    Path dir;

    @Test
    void aFileWrittenWithTheOriginalIndexMapsIsConvertedAndAnswersTheSame() {
        Path file = dir.resolve("old.mv.db");
        List<ObjectId> ids = new ArrayList<>();
        MongoServer original = new MongoServer(new H2Backend(file.toString()));
        InetSocketAddress address = original.bind();
        try (MongoClient client = client(address)) {
            MongoCollection<Document> products = client.getDatabase("shop").getCollection("products");
            products.createIndex(Indexes.ascending("sku"), new IndexOptions().unique(true));
            for (int i = 0; i < 2000; i++) {
                ObjectId id = new ObjectId();
                ids.add(id);
                products.insertOne(new Document("_id", id).append("sku", "sku-" + i).append("n", i));
            }
        } finally {
            original.shutdown();
        }

        MongoServer converted = new MongoServer(new DurableH2Backend(file));
        address = converted.bind();
        try (MongoClient client = client(address)) {
            MongoCollection<Document> products = client.getDatabase("shop").getCollection("products");
            assertEquals(2000, products.countDocuments());
            for (int i = 0; i < 2000; i += 37) {
                assertEquals(i, products.find(Filters.eq("sku", "sku-" + i)).first().getInteger("n"));
                assertEquals(i, products.find(Filters.eq("_id", ids.get(i))).first().getInteger("n"));
            }
            assertEquals(3, products.countDocuments(Filters.in("sku", List.of("sku-1", "sku-2", "sku-1999", "nope"))));
            MongoWriteException duplicate = assertThrows(MongoWriteException.class,
                    () -> products.insertOne(new Document("sku", "sku-5")));
            assertEquals(ErrorCategory.DUPLICATE_KEY, duplicate.getError().getCategory());
            products.insertOne(new Document("sku", "sku-new"));
            products.deleteOne(Filters.eq("sku", "sku-7"));
            products.insertOne(new Document("sku", "sku-7").append("n", -7));
            assertEquals(-7, products.find(Filters.eq("sku", "sku-7")).first().getInteger("n"));
        } finally {
            converted.shutdown();
        }

        MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open();
        try {
            assertTrue(store.getMapNames().stream().anyMatch(name -> name.endsWith("._index_sku_1" + OrderedKeyUniqueIndex.SUFFIX)),
                    store.getMapNames().toString());
            assertFalse(store.getMapNames().stream().anyMatch(name -> name.endsWith("._index_sku_1")), store.getMapNames().toString());
        } finally {
            store.close();
        }
    }

    @Test
    void keysAreEqualOnlyWithTheSameTypeAndValueAndTheOrderIsTotal() {
        OrderedKeyType type = OrderedKeyType.INSTANCE;
        assertEquals(0, type.compare(new KeyValue("a", 1), new KeyValue("a", 1)));
        assertTrue(type.compare(new KeyValue(1), new KeyValue(1L)) != 0, "an int and a long are different keys, as before");
        assertTrue(type.compare(new KeyValue("1"), new KeyValue(1)) != 0);
        assertTrue(type.compare(new KeyValue("a"), new KeyValue("b")) < 0);
        assertEquals(0, type.compare(new KeyValue(new Date(5)), new KeyValue(new Date(5))));

        Random random = new Random(42);
        List<KeyValue> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Object value = switch (random.nextInt(6)) {
                case 0 -> "s" + random.nextInt(20);
                case 1 -> random.nextInt(20);
                case 2 -> (long) random.nextInt(20);
                case 3 -> random.nextDouble() < 0.5 ? null : Boolean.valueOf(random.nextBoolean());
                case 4 -> new de.bwaldvogel.mongo.bson.Document("k", random.nextInt(3));
                default -> List.of(random.nextInt(3), "x");
            };
            keys.add(new KeyValue(value));
        }
        for (KeyValue a : keys) {
            for (KeyValue b : keys) {
                int ab = Integer.signum(type.compare(a, b));
                assertEquals(-ab, Integer.signum(type.compare(b, a)), a + " vs " + b);
                assertEquals(ab == 0, a.equals(b), a + " vs " + b);
                for (int k = 0; k < 3; k++) {
                    KeyValue c = keys.get(random.nextInt(keys.size()));
                    if (ab <= 0 && type.compare(b, c) <= 0) {
                        assertTrue(type.compare(a, c) <= 0, a + " <= " + b + " <= " + c);
                    }
                }
            }
        }
    }

    @Test
    void aFileWrittenByThePlainH2BackendOpensWithItsData() throws Exception {
        Path file = dir.resolve("plain.mv.db");
        H2Backend plain = new H2Backend(file.toString());
        MongoServer server = new MongoServer(plain);
        server.bind("127.0.0.1", 0);
        try (MongoClient plainClient = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort())) {
            plainClient.getDatabase("old").getCollection("docs").insertOne(new Document("_id", "a").append("n", 1));
        }
        server.shutdownNow();

        try (EmbeddedMongo reopened = EmbeddedMongo.durable(file, "127.0.0.1", 0);
             MongoClient again = MongoClients.create(reopened.connectionString())) {
            MongoCollection<Document> docs = again.getDatabase("old").getCollection("docs");
            assertEquals(1, docs.find(Filters.and(Filters.eq("_id", "a"), Filters.eq("n", 1))).first().getInteger("n"));
        }
    }

    private static MongoClient client(InetSocketAddress address) {
        return MongoClients.create("mongodb://" + address.getHostString() + ":" + address.getPort());
    }
}

package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;
import org.bson.BsonTimestamp;
import org.bson.Document;
import org.bson.types.Binary;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.ObjectDataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Documents are kept as BSON in the data file ({@link BsonDocumentType}), and a file whose documents
 * were written with Java serialization (an earlier build, or mongo-java-server's own H2 backend)
 * opens as it is: every document reads back the same, before and after it is rewritten.
 */
class BsonDocumentsTest {

    @TempDir
    Path dir;

    @Test
    void aFileOfJavaSerializedDocumentsOpensAndReadsTheSameBeforeAndAfterItsDocumentsAreRewritten() {
        Path file = dir.resolve("old.mv.db");
        List<Document> written = new ArrayList<>();
        MongoServer original = new MongoServer(new H2Backend(file.toString()));
        try (MongoClient client = client(original.bind())) {
            MongoCollection<Document> docs = client.getDatabase("shop").getCollection("docs");
            for (int i = 0; i < 300; i++) {
                docs.insertOne(everyKind(i));
            }
            written.addAll(all(docs)); // as the driver reads them back (a regular expression comes back as BSON's)
        } finally {
            original.shutdown();
        }

        MongoServer durable = new MongoServer(new DurableH2Backend(file));
        try (MongoClient client = client(durable.bind())) {
            MongoCollection<Document> docs = client.getDatabase("shop").getCollection("docs");
            assertSame(written, all(docs), "as Java serialization wrote them");
            docs.updateMany(Filters.lt("n", 150), Updates.set("touched", true)); // their pages are written again, as BSON
            for (Document doc : written.subList(0, 150)) {
                doc.append("touched", true);
            }
            docs.insertOne(everyKind(1000));
            written.add(docs.find(Filters.eq("n", 1000)).first());
            assertSame(written, all(docs), "half rewritten");
        } finally {
            durable.shutdown();
        }

        MongoServer reopened = new MongoServer(new DurableH2Backend(file));
        try (MongoClient client = client(reopened.bind())) {
            MongoCollection<Document> docs = client.getDatabase("shop").getCollection("docs");
            assertSame(written, all(docs), "after a restart");
            docs.deleteOne(Filters.eq("n", 3));
            assertEquals(written.size() - 1, docs.countDocuments());
        } finally {
            reopened.shutdown();
        }
    }

    @Test
    void valuesOfBothFormatsFollowEachOtherInOnePage() {
        BsonDocumentType type = new BsonDocumentType();
        de.bwaldvogel.mongo.bson.Document cart = new de.bwaldvogel.mongo.bson.Document("_id", "cart-1")
                .append("status", "active").append("items", List.of(new de.bwaldvogel.mongo.bson.Document("sku", "kind-of-blue")
                        .append("qty", 2).append("price", 999L)));
        de.bwaldvogel.mongo.bson.Document notBson = new de.bwaldvogel.mongo.bson.Document("locale", Locale.CANADA_FRENCH);
        WriteBuffer page = new WriteBuffer();
        type.write(page, cart);
        int afterFirst = page.position();
        new ObjectDataType().write(page, cart); // as an earlier build wrote it
        type.write(page, notBson); // BSON cannot say it: written the other way
        type.write(page, 42L);
        type.write(page, cart);
        ByteBuffer read = page.getBuffer().flip();

        assertEquals(BsonDocumentType.BSON, read.get(0));
        assertEquals(cart, type.read(read));
        assertEquals(afterFirst, read.position());
        assertNotEquals(BsonDocumentType.BSON, read.get(read.position()));
        assertEquals(cart, type.read(read));
        assertEquals(notBson, type.read(read));
        assertEquals(42L, type.read(read));
        assertEquals(cart, type.read(read));
        assertEquals(read.limit(), read.position());
    }

    private static List<Document> all(MongoCollection<Document> docs) {
        return docs.find().sort(Sorts.ascending("n")).into(new ArrayList<>());
    }

    private static void assertSame(List<Document> expected, List<Document> actual, String when) {
        assertEquals(expected.size(), actual.size(), when);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), when + ": document " + i);
        }
    }

    @Test
    void uniqueIndexKeysOfPlainValuesAreWrittenAsBsonAndOthersAsBefore() {
        de.bwaldvogel.mongo.bson.ObjectId id = new de.bwaldvogel.mongo.bson.ObjectId();
        KeyValue plain = new KeyValue("kind-of-blue", id, 42, 7L, 2.5, true, null);
        KeyValue other = new KeyValue("when", new Date(0));
        WriteBuffer page = new WriteBuffer();
        OrderedKeyType.INSTANCE.write(page, plain);
        OrderedKeyType.INSTANCE.write(page, other);
        new ObjectDataType().write(page, plain); // as an earlier build wrote it
        ByteBuffer read = page.getBuffer().flip();

        assertEquals(BsonDocumentType.BSON, read.get(0));
        KeyValue back = OrderedKeyType.INSTANCE.read(read);
        assertEquals(plain, back);
        assertEquals(0, OrderedKeyType.INSTANCE.compare(plain, back));
        assertNotEquals(BsonDocumentType.BSON, read.get(read.position()));
        assertEquals(other, OrderedKeyType.INSTANCE.read(read));
        assertEquals(plain, OrderedKeyType.INSTANCE.read(read));
        assertEquals(read.limit(), read.position());
    }

    /** A document with a value of every kind the services store. */
    private static Document everyKind(int n) {
        return new Document("_id", new ObjectId(new Date(1_700_000_000_000L + n * 1000L), n))
                .append("n", n).append("long", 10_000_000_000L + n).append("double", n / 3.0).append("yes", n % 2 == 0)
                .append("none", null).append("text", "ünïcödé " + n).append("when", new Date(1_700_000_000_000L + n))
                .append("money", Decimal128.parse(n + ".25")).append("bytes", new Binary(new byte[] {1, 2, (byte) n}))
                .append("uuid", new UUID(n, n + 1L)).append("pattern", Pattern.compile("^a" + n, Pattern.CASE_INSENSITIVE))
                .append("stamp", new BsonTimestamp(n, 1))
                .append("items", List.of(new Document("sku", "sku-" + n).append("qty", n % 5).append("tags", List.of("a", "b")),
                        new Document("sku", "other").append("nested", new Document("deep", List.of(1, 2L, 3.5)))));
    }

    private static MongoClient client(InetSocketAddress address) {
        return MongoClients.create("mongodb://" + address.getHostString() + ":" + address.getPort()
                + "/?uuidRepresentation=standard");
    }
}

package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query naming one {@code _id} plus further conditions (the shape of every guarded update) is
 * answered through the {@code _id} index by both backends: it must answer exactly what a full scan
 * answers, for finds, updates, find-and-modify and deletes. Run on each backend by
 * {@link IdSeekingDurableTest} and {@link IdSeekingInMemoryTest}.
 */
abstract class IdSeekingQueries {

    /** A fresh server of the backend under test. */
    abstract EmbeddedMongo open(Path dir) throws IOException;

    @TempDir
    Path dir;

    private EmbeddedMongo mongo;
    private MongoClient client;
    private MongoCollection<Document> carts;

    @BeforeEach
    void start() throws Exception {
        mongo = open(dir);
        client = MongoClients.create(mongo.connectionString());
        carts = client.getDatabase("seek").getCollection("carts");
        for (int i = 0; i < 50; i++) {
            carts.insertOne(new Document("_id", "c" + i).append("status", i % 2 == 0 ? "active" : "expired")
                    .append("items", List.of(new Document("sku", "s" + i).append("qty", i))));
        }
        carts.insertOne(new Document("_id", 7).append("status", "active"));
    }

    @AfterEach
    void stop() {
        client.close();
        mongo.close();
    }

    @Test
    void findsByIdOnlyWhenEveryOtherConditionHolds() {
        assertEquals("c4", carts.find(Filters.and(Filters.eq("_id", "c4"), Filters.eq("status", "active"))).first().getString("_id"));
        assertNull(carts.find(Filters.and(Filters.eq("_id", "c5"), Filters.eq("status", "active"))).first());
        assertNull(carts.find(Filters.and(Filters.eq("_id", "nope"), Filters.eq("status", "active"))).first());
        assertEquals(1, carts.countDocuments(Filters.and(Filters.eq("_id", "c6"),
                Filters.elemMatch("items", Filters.and(Filters.eq("sku", "s6"), Filters.lte("qty", 6))))));
        assertEquals(0, carts.countDocuments(Filters.and(Filters.eq("_id", "c6"),
                Filters.elemMatch("items", Filters.and(Filters.eq("sku", "s6"), Filters.lt("qty", 6))))));
    }

    @Test
    void aListOfIdsWithFurtherConditions() {
        assertEquals(2, carts.countDocuments(Filters.and(Filters.in("_id", List.of("c1", "c2", "c4", "nope")), Filters.eq("status", "active"))));
        assertEquals(2, carts.updateMany(Filters.and(Filters.in("_id", List.of("c1", "c2", "c4")), Filters.eq("status", "active")),
                Updates.set("status", "expired")).getModifiedCount());
        assertEquals("expired", carts.find(Filters.eq("_id", "c4")).first().getString("status"));
        assertEquals("active", carts.find(Filters.eq("_id", "c6")).first().getString("status"));
        assertEquals(0, carts.countDocuments(Filters.and(Filters.in("_id", List.of()), Filters.eq("status", "active"))));
    }

    /**
     * A batch-sized list of ids (the expiry's and the import's shape) is not matched again against each
     * document the index found: the other conditions still are, in every form a filter takes.
     */
    @Test
    void aLongListOfIdsWithFurtherConditionsAnswersWhatTheConditionsSay() {
        MongoCollection<Document> many = client.getDatabase("seek").getCollection("many");
        List<Document> docs = new java.util.ArrayList<>();
        for (int i = 0; i < 1200; i++) {
            docs.add(new Document("_id", "m" + i).append("status", i % 3 == 0 ? "active" : "expired").append("n", i)
                    .append("items", List.of(new Document("sku", "s" + (i % 5)).append("qty", 1))));
        }
        many.insertMany(docs);
        List<String> listed = new java.util.ArrayList<>();
        for (int i = 0; i < 1500; i += 2) {
            listed.add("m" + i); // m1200 and up are in no document
        }
        long activeListed = java.util.stream.IntStream.range(0, 1200).filter(i -> i % 2 == 0 && i % 3 == 0).count();

        assertEquals(activeListed, many.countDocuments(Filters.and(Filters.in("_id", listed), Filters.eq("status", "active"))));
        assertEquals(activeListed, many.countDocuments(Filters.and(Filters.eq("status", "active"), Filters.in("_id", listed))));
        assertEquals(activeListed, many.countDocuments(new Document("_id", new Document("$in", listed)).append("status", "active")));
        assertEquals(600, many.countDocuments(Filters.in("_id", listed)));
        assertEquals(activeListed / 2, many.countDocuments(Filters.and(Filters.in("_id", listed), Filters.eq("status", "active"),
                Filters.lt("n", 600))), "every other condition applies");

        // a positional update still finds its array element through the conditions left
        long activeListedOfS0 = java.util.stream.IntStream.range(0, 1200).filter(i -> i % 2 == 0 && i % 3 == 0 && i % 5 == 0).count();
        assertEquals(activeListedOfS0, many.updateMany(Filters.and(Filters.in("_id", listed), Filters.eq("status", "active"),
                Filters.eq("items.sku", "s0")), Updates.inc("items.$.qty", 1)).getModifiedCount());
        assertEquals(2, many.find(Filters.eq("_id", "m0")).first().getList("items", Document.class).get(0).getInteger("qty"));
        assertEquals(1, many.find(Filters.eq("_id", "m3")).first().getList("items", Document.class).get(0).getInteger("qty"));

        assertEquals(activeListed, many.updateMany(Filters.and(Filters.in("_id", listed), Filters.eq("status", "active")),
                Updates.set("status", "locked")).getModifiedCount());
        assertEquals("active", many.find(Filters.eq("_id", "m3")).first().getString("status"), "not listed: untouched");
        assertEquals("expired", many.find(Filters.eq("_id", "m2")).first().getString("status"), "listed, another status: untouched");
        assertEquals(activeListed, many.deleteMany(Filters.and(Filters.in("_id", listed), Filters.eq("status", "locked"))).getDeletedCount());
        assertEquals(1200 - activeListed, many.countDocuments(new Document()));

        // the same through another unique single-field index
        MongoCollection<Document> products = client.getDatabase("seek").getCollection("listed");
        products.createIndex(new Document("sku", 1), new com.mongodb.client.model.IndexOptions().unique(true));
        for (int i = 0; i < 1100; i++) {
            products.insertOne(new Document("sku", "p" + i).append("type", i % 2 == 0 ? "Film" : "Album"));
        }
        List<String> skus = new java.util.ArrayList<>();
        for (int i = 0; i < 1100; i += 3) {
            skus.add("p" + i);
        }
        skus.add("p-none");
        long films = java.util.stream.IntStream.range(0, 1100).filter(i -> i % 3 == 0 && i % 2 == 0).count();
        assertEquals(films, products.countDocuments(Filters.and(Filters.in("sku", skus), Filters.eq("type", "Film"))));
        assertEquals(skus.size() - 1, products.countDocuments(Filters.in("sku", skus)));
    }

    /**
     * A multi-update of a list of ids is applied id by id: each document once however often the list names
     * it, matched and modified counted as MongoDB counts them, and a replacement refused as before.
     */
    @Test
    void aMultiUpdateOfAListOfIdsCountsEachDocumentOnce() {
        List<String> listed = List.of("c0", "c2", "c2", "c3", "c4", "nope", "c0");
        assertEquals(List.of("c0", "c2", "c3", "c4"), carts.find(Filters.in("_id", listed)).sort(new Document("_id", 1))
                .map(doc -> doc.getString("_id")).into(new java.util.ArrayList<>()), "a list alone: exactly the listed documents");
        var result = carts.updateMany(Filters.and(Filters.in("_id", listed), Filters.eq("status", "active")),
                Updates.inc("items.0.qty", 10));
        assertEquals(3, result.getMatchedCount(), "c0, c2, c4: each once");
        assertEquals(3, result.getModifiedCount());
        assertEquals(12, carts.find(Filters.eq("_id", "c2")).first().getList("items", Document.class).get(0).getInteger("qty"),
                "named twice, incremented once");
        var unchanged = carts.updateMany(Filters.in("_id", listed), Updates.set("status", "active"));
        assertEquals(4, unchanged.getMatchedCount());
        assertEquals(1, unchanged.getModifiedCount(), "only c3 was not active");
        assertThrows(IllegalArgumentException.class, () -> carts.updateMany(Filters.in("_id", listed), new Document("status", "x")),
                "a replacement is no multi-update (the driver refuses it before the server)");
        assertEquals(0, carts.updateMany(Filters.and(Filters.in("_id", listed), Filters.eq("status", "gone")),
                Updates.set("status", "x")).getMatchedCount());
    }

    @Test
    void numericIdsCompareAsNumbers() {
        assertEquals(1, carts.countDocuments(Filters.and(Filters.eq("_id", 7L), Filters.eq("status", "active"))));
        assertEquals(1, carts.countDocuments(Filters.and(Filters.eq("_id", 7.0), Filters.eq("status", "active"))));
        assertEquals(0, carts.countDocuments(Filters.and(Filters.eq("_id", 8), Filters.eq("status", "active"))));
    }

    @Test
    void guardedUpdatesChangeOnlyAMatchingDocument() {
        assertEquals(0, carts.updateOne(Filters.and(Filters.eq("_id", "c3"), Filters.eq("status", "active")),
                Updates.set("status", "pending")).getModifiedCount());
        assertEquals(1, carts.updateOne(Filters.and(Filters.eq("_id", "c2"), Filters.eq("status", "active"),
                Filters.eq("items.sku", "s2")), Updates.combine(Updates.set("status", "pending"), Updates.inc("items.$.qty", 1)))
                .getModifiedCount());
        Document c2 = carts.find(Filters.eq("_id", "c2")).first();
        assertEquals("pending", c2.getString("status"));
        assertEquals(3, c2.getList("items", Document.class).get(0).getInteger("qty"));
        assertEquals("expired", carts.find(Filters.eq("_id", "c3")).first().getString("status"));
        assertEquals(25, carts.countDocuments(Filters.eq("status", "expired")));
    }

    @Test
    void findOneAndUpdateAndDeleteUseTheSameRule() {
        Document after = carts.findOneAndUpdate(Filters.and(Filters.eq("_id", "c8"), Filters.eq("status", "active")),
                Updates.inc("version", 1), new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
        assertEquals(1, after.getInteger("version"));
        assertNull(carts.findOneAndUpdate(Filters.and(Filters.eq("_id", "c9"), Filters.eq("status", "active")),
                Updates.inc("version", 1)));
        assertEquals(0, carts.deleteOne(Filters.and(Filters.eq("_id", "c9"), Filters.eq("status", "active"))).getDeletedCount());
        assertEquals(1, carts.deleteOne(Filters.and(Filters.eq("_id", "c10"), Filters.eq("status", "active"))).getDeletedCount());
        assertEquals(50, carts.countDocuments());
    }

    @Test
    void pagesInIdOrderReadEveryDocumentOnceInOrder() {
        MongoCollection<Document> products = client.getDatabase("seek").getCollection("products");
        List<org.bson.types.ObjectId> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 257; i++) {
            org.bson.types.ObjectId id = new org.bson.types.ObjectId();
            ids.add(id);
            products.insertOne(new Document("_id", id).append("n", i));
        }
        products.deleteOne(Filters.eq("_id", ids.remove(100)));
        List<Object> seen = new java.util.ArrayList<>();
        Object last = null;
        while (true) {
            var page = products.find(last == null ? new Document() : Filters.gt("_id", last))
                    .sort(com.mongodb.client.model.Sorts.ascending("_id")).limit(50).into(new java.util.ArrayList<>());
            if (page.isEmpty()) {
                break;
            }
            page.forEach(doc -> seen.add(doc.get("_id")));
            last = page.get(page.size() - 1).get("_id");
        }
        assertEquals(ids, seen, "every id once, in order, across pages");
        // A page whose range names an id that is gone starts after it all the same
        assertEquals(ids.get(100), products.find(Filters.gt("_id", ids.get(99))).sort(com.mongodb.client.model.Sorts.ascending("_id"))
                .limit(1).first().get("_id"));
        // Other shapes still answer as a scan does
        assertEquals(256, products.countDocuments());
        assertEquals(255 - 199, products.countDocuments(Filters.gt("n", 200)));
    }

    /** A range of string ids (the holders of one sku: "<sku> <cart>"), with and without a limit, bounds in or out. */
    @Test
    void aRangeOfIdsReadsExactlyTheIdsWithinItInOrder() {
        MongoCollection<Document> held = client.getDatabase("seek").getCollection("reservations");
        List<String> ids = new java.util.ArrayList<>();
        for (String sku : List.of("a", "a-1", "ab", "b")) {
            for (int cart = 0; cart < 30; cart++) {
                String id = sku + " " + String.format("%03d", cart);
                held.insertOne(new Document("_id", id).append("qty", cart));
                if (sku.equals("a")) {
                    ids.add(id);
                }
            }
        }
        Document ofA = new Document("_id", new Document("$gt", "a ").append("$lt", "a!"));
        assertEquals(ids, held.find(ofA).sort(new Document("_id", 1)).map(d -> d.getString("_id")).into(new java.util.ArrayList<>()));
        assertEquals(ids.subList(0, 7), held.find(ofA).sort(new Document("_id", 1)).limit(7).map(d -> d.getString("_id"))
                .into(new java.util.ArrayList<>()));
        Document afterFive = new Document("_id", new Document("$gt", ids.get(5)).append("$lt", "a!"));
        assertEquals(ids.subList(6, 16), held.find(afterFive).sort(new Document("_id", 1)).limit(10).map(d -> d.getString("_id"))
                .into(new java.util.ArrayList<>()));
        Document inclusive = new Document("_id", new Document("$gte", ids.get(5)).append("$lte", ids.get(9)));
        assertEquals(ids.subList(5, 10), held.find(inclusive).sort(new Document("_id", 1)).map(d -> d.getString("_id"))
                .into(new java.util.ArrayList<>()));
        // a further condition is still matched against every document of the range
        assertEquals(List.of(ids.get(29)), held.find(new Document("_id", new Document("$gt", "a ").append("$lt", "a!"))
                .append("qty", new Document("$gt", 28))).sort(new Document("_id", 1)).map(d -> d.getString("_id"))
                .into(new java.util.ArrayList<>()));
    }

    @Test
    void aUniqueFieldOtherThanTheIdSeeksTheSameWay() {
        // the catalog's guarded product update: {sku, version} through the unique sku index
        MongoCollection<Document> products = client.getDatabase("seek").getCollection("products");
        products.createIndex(new Document("sku", 1), new com.mongodb.client.model.IndexOptions().unique(true));
        for (int i = 0; i < 40; i++) {
            products.insertOne(new Document("sku", "P" + i).append("version", (long) (i % 3)).append("title", "t" + i));
        }
        products.insertOne(new Document("title", "no sku"));
        Document updated = products.findOneAndUpdate(Filters.and(Filters.eq("sku", "P4"), Filters.eq("version", 1L)),
                Updates.combine(Updates.set("title", "changed"), Updates.inc("version", 1L)),
                new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER));
        assertEquals("changed", updated.getString("title"));
        assertEquals(2L, updated.getLong("version"));
        assertNull(products.findOneAndUpdate(Filters.and(Filters.eq("sku", "P4"), Filters.eq("version", 1L)),
                Updates.set("title", "stale")), "a stale version matches nothing");
        assertNull(products.find(Filters.and(Filters.eq("sku", "nope"), Filters.eq("version", 0L))).first());
        assertEquals(List.of("P3", "P6"), products.find(Filters.and(Filters.in("sku", "P3", "P5", "P6"), Filters.eq("version", 0L)))
                .map(d -> d.getString("sku")).into(new java.util.ArrayList<>()).stream().sorted().toList());
        assertEquals(1, products.deleteOne(new Document("sku", "P7").append("version", 1L)).getDeletedCount());
        assertEquals(40, products.countDocuments());
    }
}

package com.example.shop.embeddedmongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Random;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query with the shape of a secondary index (equal values for its first fields, the rest as the
 * sort, or no sort) is answered by walking that index ({@link OrderedWalk}): it must answer exactly
 * what a full scan sorted in memory answers, page by page, after inserts, updates and deletes, with ties,
 * arrays, missing values and ranges. Run on each backend by {@link OrderedWalkDurableTest} and
 * {@link OrderedWalkInMemoryTest}.
 */
abstract class OrderedWalkQueries {

    private static final List<String> STATUSES = List.of("placed", "fulfilled", "cancelled");
    private static final Comparator<Document> NEWEST_FIRST = Comparator
            .comparing((Document order) -> order.getDate("placed_at"), Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(order -> order.getInteger("number")).reversed();

    abstract EmbeddedMongo open(Path dir) throws IOException;

    @TempDir
    Path dir;

    private EmbeddedMongo mongo;
    private MongoClient client;
    private MongoCollection<Document> orders;
    private final Random random = new Random(7);

    @BeforeEach
    void start() throws Exception {
        connect();
        // one index before the documents (kept as they are written), the others after (built from them)
        orders.createIndex(Indexes.descending("placed_at", "number"), new IndexOptions().name("newest"));
        for (int i = 1; i <= 400; i++) {
            orders.insertOne(order(i));
        }
        orders.createIndex(Indexes.compoundIndex(Indexes.ascending("status"), Indexes.descending("placed_at", "number")),
                new IndexOptions().name("status_newest"));
        orders.createIndex(Indexes.compoundIndex(Indexes.ascending("lines.sku"), Indexes.descending("placed_at", "number")),
                new IndexOptions().name("sku_newest"));
        MongoCollection<Document> sized = client.getDatabase("walk").getCollection("sized");
        sized.createIndex(Indexes.ascending("sizes"));
        sized.insertMany(List.of(new Document("_id", 1).append("sizes", List.of(1, 10)), new Document("_id", 2).append("sizes", List.of(6)),
                new Document("_id", 3).append("sizes", List.of(9)), new Document("_id", 4).append("sizes", 7)));
    }

    void connect() throws IOException {
        mongo = open(dir);
        client = MongoClients.create(mongo.connectionString());
        orders = client.getDatabase("walk").getCollection("orders");
    }

    @AfterEach
    void stop() {
        client.close();
        mongo.close();
    }

    /** Placed in one of 60 seconds (so many tie on the time), some with no time; lines of 0 to 3 skus. */
    private Document order(int number) {
        Document order = new Document("_id", "o" + number).append("number", number)
                .append("status", STATUSES.get(random.nextInt(STATUSES.size())));
        if (random.nextInt(20) != 0) {
            order.append("placed_at", new Date(1_700_000_000_000L + 1000L * random.nextInt(60)));
        }
        List<Document> lines = new ArrayList<>();
        for (int line = random.nextInt(4); line > 0; line--) {
            lines.add(new Document("sku", "SKU-" + random.nextInt(8)).append("qty", 1));
        }
        return order.append("lines", lines);
    }

    @Test
    void pagesAnswerAsAFullScanSortedInMemory() {
        checkEveryFilter();
    }

    @Test
    void changesMoveDocumentsInTheWalk() {
        for (int i = 0; i < 120; i++) {
            int number = 1 + random.nextInt(400);
            switch (i % 4) {
                case 0 -> orders.updateOne(Filters.eq("_id", "o" + number), Updates.set("status", "cancelled"));
                case 1 -> orders.updateOne(Filters.eq("_id", "o" + number),
                        Updates.set("placed_at", new Date(1_700_000_000_000L + 1000L * random.nextInt(90))));
                case 2 -> orders.updateOne(Filters.eq("_id", "o" + number), Updates.set("lines", List.of(new Document("sku", "SKU-9"))));
                default -> orders.deleteOne(Filters.eq("_id", "o" + number));
            }
        }
        for (int number = 401; number <= 450; number++) {
            orders.insertOne(order(number));
        }
        checkEveryFilter();
    }

    void checkEveryFilter() {
        // an array's values each meet a bound of their own: [1, 10] is above 5 and below 8
        MongoCollection<Document> sized = client.getDatabase("walk").getCollection("sized");
        assertEquals(List.of(1, 2, 4), sized.find(Filters.and(Filters.gt("sizes", 5), Filters.lt("sizes", 8)))
                .sort(Sorts.ascending("_id")).map(size -> size.getInteger("_id")).into(new ArrayList<>()));
        assertEquals(List.of(1), sized.find(Filters.and(Filters.eq("sizes", 10), Filters.lt("sizes", 3)))
                .map(size -> size.getInteger("_id")).into(new ArrayList<>()));
        assertEquals(List.of(2, 4, 1), sized.find(Filters.and(Filters.gt("sizes", 5), Filters.lt("sizes", 8)))
                .sort(Sorts.ascending("sizes")).map(size -> size.getInteger("_id")).into(new ArrayList<>()));
        Date from = new Date(1_700_000_010_000L);
        Date to = new Date(1_700_000_040_000L);
        List<Bson> filters = new ArrayList<>(List.of(Filters.empty(), Filters.eq("status", "cancelled"),
                Filters.eq("lines.sku", "SKU-3"), Filters.and(Filters.eq("status", "placed"), Filters.eq("lines.sku", "SKU-1")),
                Filters.and(Filters.gte("placed_at", from), Filters.lt("placed_at", to)),
                Filters.and(Filters.eq("status", "fulfilled"), Filters.gte("placed_at", from), Filters.lt("placed_at", to)),
                Filters.and(Filters.eq("status", "placed"), Filters.gt("placed_at", from), Filters.lte("placed_at", to),
                        Filters.lte("placed_at", new Date(1_700_000_030_000L)))));
        for (Bson filter : filters) {
            // under an $or no index is walked: a full scan, sorted here
            List<Document> expected = orders.find(Filters.or(filter)).into(new ArrayList<>());
            expected.sort(NEWEST_FIRST);
            List<Integer> unsorted = new ArrayList<>(numbers(orders.find(filter).into(new ArrayList<>())));
            unsorted.sort(null);
            assertEquals(numbers(expected).stream().sorted().toList(), unsorted, "unsorted " + filter.toBsonDocument());
            // a cursor's range leaves out orders with no time, as MongoDB's does: those are paged over elsewhere
            List<Document> placed = expected.stream().filter(order -> order.getDate("placed_at") != null).toList();
            for (int size : List.of(1, 7, 50)) {
                assertEquals(numbers(placed), numbers(pages(Filters.and(filter, Filters.ne("placed_at", null)), size)),
                        "newest first by " + size + " of " + filter.toBsonDocument());
            }
            assertEquals(numbers(expected), numbers(orders.find(filter).sort(Sorts.descending("placed_at", "number"))
                    .into(new ArrayList<>())), "newest first of " + filter.toBsonDocument());
            List<Document> oldestFirst = orders.find(filter).sort(Sorts.ascending("placed_at", "number")).into(new ArrayList<>());
            expected.sort(NEWEST_FIRST.reversed());
            assertEquals(numbers(expected), numbers(oldestFirst), "oldest first of " + filter.toBsonDocument());
        }
    }

    /** Every order the filter selects, newest first, a page of {@code size} at a time, each page after the last one's order. */
    private List<Document> pages(Bson filter, int size) {
        List<Document> all = new ArrayList<>();
        Document last = null;
        while (true) {
            Bson page = last == null ? filter : Filters.and(filter, after(last));
            List<Document> found = orders.find(page).sort(Sorts.descending("placed_at", "number")).limit(size).into(new ArrayList<>());
            all.addAll(found);
            if (found.size() < size) {
                return all;
            }
            last = found.get(found.size() - 1);
        }
    }

    /** The orders after this one, newest first: the shape of the admin order list's cursor. */
    private static Bson after(Document last) {
        Date at = last.getDate("placed_at");
        return Filters.and(Filters.lte("placed_at", at), Filters.or(Filters.lt("placed_at", at),
                Filters.and(Filters.eq("placed_at", at), Filters.lt("number", last.getInteger("number")))));
    }

    private static List<Integer> numbers(List<Document> found) {
        return found.stream().map(order -> order.getInteger("number")).toList();
    }
}

package com.example.shop.bench;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.Document;

/**
 * {@code seed-orders}: grows the cart database's orders to {@code --orders}, for the admin list's reads at a store's size.
 * One real order is made through the gateway (a product, a cart, an approved checkout) and stored copies of it fill the
 * rest, so every copy has the shape the service writes, whatever its codec becomes. The copies are spread over the last
 * {@code --days} days, oldest first, 80 % fulfilled, 15 % placed, 5 % cancelled; the order-number counter is moved past
 * them so that later checkouts get numbers of their own. Prints a RESULT line with the range a filter should read: the
 * seventh day before the newest copy.
 */
final class OrderSeed {

    private OrderSeed() {
    }

    static int run(Args a) throws Exception {
        int wanted = a.integer("orders", 1_000_000);
        int days = a.integer("days", 365);
        int batch = a.integer("batch", 1000);
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 2);
        try (Db db = new Db(a.required("mongo"))) {
            MongoCollection<Document> orders = db.db("cart").getCollection("orders");
            Document template = template(api, orders, Long.toString(System.currentTimeMillis(), 36));
            long have = orders.estimatedDocumentCount();
            long firstNumber = template.get("number", Number.class).longValue() + 1;
            Instant newest = Instant.now().truncatedTo(ChronoUnit.SECONDS);
            long spanSeconds = days * 86_400L;
            long start = System.nanoTime();
            long made = 0;
            List<Document> pending = new ArrayList<>(batch);
            for (long i = have; i < wanted; i++) {
                // ascending placing times over the span, whatever the count: copy i of `wanted`
                Instant placed = newest.minusSeconds(spanSeconds - spanSeconds * i / Math.max(1, wanted));
                pending.add(copy(template, firstNumber + made, placed));
                made++;
                if (pending.size() == batch) {
                    orders.insertMany(pending, new InsertManyOptions().ordered(false));
                    pending.clear();
                }
            }
            if (!pending.isEmpty()) {
                orders.insertMany(pending, new InsertManyOptions().ordered(false));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            db.db("cart").getCollection("counters").updateOne(eq("_id", "order-number"), Updates.max("seq", firstNumber + made),
                    new UpdateOptions().upsert(true));
            Instant to = newest.minus(6, ChronoUnit.DAYS);
            Instant from = to.minus(1, ChronoUnit.DAYS);
            System.out.printf(Locale.ROOT, "RESULT seed-orders orders=%d added=%d seconds=%.2f per_s=%.0f filter_from=%s filter_to=%s%n",
                    orders.estimatedDocumentCount(), made, seconds, made / Math.max(seconds, 1e-9), from, to);
            return 0;
        }
    }

    /** The stored order of one real approved checkout. */
    private static Document template(Api api, MongoCollection<Document> orders, String run) {
        String sku = Fixtures.products(api, "orders-" + run, 1, 10, null).get(0);
        Fixtures.checkedOut(api, sku, 2, "seed-" + run);
        Document order = orders.find(eq("lines.sku", sku)).first();
        if (order == null) {
            throw new IllegalStateException("the approved checkout of " + sku + " left no order");
        }
        return order;
    }

    private static Document copy(Document template, long number, Instant placed) {
        Document d = new Document(template);
        String status = number % 20 == 0 ? "cancelled" : number % 20 < 4 ? "placed" : "fulfilled";
        d.put("_id", "seed-" + number + ":seed");
        d.put("number", number);
        d.put("status", status);
        d.put("placed_at", Date.from(placed));
        List<Document> history = new ArrayList<>(List.of(new Document("status", "placed").append("at", Date.from(placed))));
        if (!status.equals("placed")) {
            history.add(new Document("status", status).append("at", Date.from(placed.plusSeconds(3600))));
        }
        d.put("history", history);
        d.put("token_hashes", List.of());
        return d;
    }
}

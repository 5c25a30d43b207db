package com.example.shop.bench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.Document;

/**
 * The database alone under the cart's kind of writes: each round journals a move (insert), changes
 * one line of a three-line cart among {@code --carts} with a guarded find-and-modify, and settles the
 * move (delete), from {@code --threads} clients at once. Reports rounds per second and, with
 * {@code --pid} (the database's process), its CPU per round: the figure to compare two builds of
 * the embedded server on a fresh data file each (bench/README.md, "The database alone").
 */
final class DbWrites {

    private DbWrites() {
    }

    static int run(Args a) throws Exception {
        int threads = a.integer("threads", 32);
        int carts = a.integer("carts", 5000);
        Duration warmup = a.seconds("warmup", 15);
        Duration measured = a.seconds("seconds", 30);
        String pid = a.str("pid", "");
        try (MongoClient client = MongoClients.create(a.required("mongo"))) {
            MongoCollection<Document> cart = client.getDatabase("db_writes").getCollection("cart");
            MongoCollection<Document> moves = client.getDatabase("db_writes").getCollection("moves");
            if (cart.countDocuments() < carts) {
                cart.drop();
                List<Document> batch = new ArrayList<>();
                for (int i = 0; i < carts; i++) {
                    batch.add(cart(i));
                    if (batch.size() == 500 || i == carts - 1) {
                        cart.insertMany(batch);
                        batch.clear();
                    }
                }
            }
            load(cart, moves, threads, carts, warmup);
            Duration cpuBefore = cpu(pid);
            long rounds = load(cart, moves, threads, carts, measured);
            Duration cpu = cpu(pid).minus(cpuBefore);
            double perSecond = rounds / (measured.toMillis() / 1000.0);
            String cpuPerRound = pid.isEmpty() ? "n/a" : String.format("%.2f", cpu.toNanos() / 1e6 / rounds);
            System.out.printf("RESULT db-writes threads=%d carts=%d rounds=%d rounds_per_s=%.0f db_cpu_ms_per_round=%s%n",
                    threads, carts, rounds, perSecond, cpuPerRound);
        }
        return 0;
    }

    private static Document cart(int i) {
        List<Document> items = new ArrayList<>();
        for (int j = 0; j < 3; j++) {
            items.add(new Document("sku", "sku-" + j).append("qty", 1).append("sold", false)
                    .append("details", new Document("title", "Kind of Blue " + j).append("type", "Audio Album")
                            .append("unit_price", 999L).append("currency", "USD")));
        }
        return new Document("_id", "cart-" + i).append("status", "active").append("currency", "USD")
                .append("last_modified", new Date()).append("items", items);
    }

    /** Rounds done by {@code threads} clients in {@code duration} ({@link Load}); the first failure ends the run. */
    private static long load(MongoCollection<Document> cart, MongoCollection<Document> moves, int threads, int carts,
                             Duration duration) throws InterruptedException {
        AtomicLong rounds = new AtomicLong();
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        Load.run(threads, duration, Long.MAX_VALUE, client -> {
            try {
                String id = "cart-" + ThreadLocalRandom.current().nextInt(carts);
                String op = UUID.randomUUID().toString();
                moves.insertOne(new Document("_id", op).append("cart", id).append("at", new Date()));
                cart.findOneAndUpdate(and(eq("_id", id), eq("status", "active"), eq("items.sku", "sku-1")),
                        combine(inc("items.$.qty", 1), set("last_modified", new Date())));
                moves.deleteOne(eq("_id", op));
                rounds.incrementAndGet();
            } catch (RuntimeException e) {
                failed.compareAndSet(null, e);
            }
            return 1;
        }, () -> failed.get() != null);
        if (failed.get() != null) {
            throw failed.get();
        }
        return rounds.get();
    }

    /** The CPU time of the process so far, as {@link Observed} reads it (zero without a pid). */
    private static Duration cpu(String pid) {
        return pid.isEmpty() ? Duration.ZERO
                : ProcessHandle.of(Long.parseLong(pid)).flatMap(h -> h.info().totalCpuDuration()).orElse(Duration.ZERO);
    }
}

package com.example.shop.bench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Filters.not;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.mongodb.client.MongoDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * bench/run scenario 4: N carts each holding a reservation, created concurrently through the
 * gateway, left alone past the cart service's inactivity threshold, then expired by one run of the
 * admin job (triggered, then followed until it ended); timed by the run's own start and end, by the
 * wait until it was seen ended, and by the database (until no reservation is left).
 */
final class ExpiryBench {

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        Api jobApi = new Api(a.required("gateway"), a.required("token"), a.seconds("job-timeout", 900), 1);
        int cartsWanted = a.integer("carts", 10_000);
        int clients = a.integer("clients", 64);
        int skuCount = a.integer("skus", 100);
        Duration inactive = a.seconds("inactive-after", 5);
        String prefix = a.str("prefix", "bench-exp-" + Long.toString(System.currentTimeMillis(), 36));
        int stock = (cartsWanted / skuCount + 1) * 2;
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, prefix, skuCount, stock, expected);

        Stats create = new Stats();
        AtomicInteger next = new AtomicInteger();
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        create.start();
        Load.run(clients, a.seconds("create-timeout", 900), Long.MAX_VALUE, c -> {
            int n = next.getAndIncrement();
            if (n >= cartsWanted) {
                return 0;
            }
            // each cart a shopper of its own (X-Forwarded-For), as in the reservation scenario
            Api shopper = api.asClient(ClientAddresses.next());
            Api.Response r = shopper.post("/api/carts", null);
            create.record("create cart", r, false);
            if (!r.ok()) {
                return 1;
            }
            String id = r.json().path("id").asText();
            String line = "{\"sku\":\"" + skus.get(n % skus.size()) + "\",\"qty\":1}";
            Api.Response add = shopper.post("/api/carts/" + id + "/items", line);
            create.record("add item (1 unit)", add, false);
            int requests = 2;
            // a 503 says "nothing was reserved, retry later" (a dependency slow for a moment): the same add
            // again, as a storefront would, at most a few times
            for (int retry = 0; add.status() == 503 && retry < 3; retry++, requests++) {
                Thread.sleep(Math.min(5_000, add.retryAfterSeconds(1) * 1000));
                add = shopper.post("/api/carts/" + id + "/items", line);
                create.record("add item (1 unit)", add, false);
            }
            if (add.ok()) {
                ids.add(id);
            }
            return requests;
        }, () -> next.get() >= cartsWanted);
        create.stop();
        System.out.printf(Locale.ROOT, "created %d carts holding a reservation in %.1f s%n", ids.size(), create.seconds());

        try (Db db = new Db(a.required("mongo"))) {
            MongoDatabase cart = db.db("cart");
            long reservedBefore = reserved(cart, skus);
            Thread.sleep(inactive.toMillis() + 1000);

            // One trigger: the job runs in the background (202 + its run); follow the run to its end,
            // and watch the database until no reservation of these carts is left.
            long t0 = System.nanoTime();
            long timeout = a.seconds("job-timeout", 900).toMillis();
            JobRuns.Ended ended = JobRuns.runToEnd(jobApi, "/api", "expire-carts", "", timeout);
            double untilEnded = ended.seconds();
            double jobSeconds = ended.run() == null ? Double.NaN
                    : Duration.between(java.time.Instant.parse(ended.run().path("started_at").asText()),
                    java.time.Instant.parse(ended.run().path("finished_at").asText())).toMillis() / 1e3;
            long deadline = t0 + timeout * 1_000_000L;
            while (System.nanoTime() < deadline && reserved(cart, skus) > 0) {
                Thread.sleep(200);
            }
            List<String> calls = List.of(ended.trigger() == null ? "no trigger"
                    : ended.trigger().status() + " " + (ended.run() == null ? String.valueOf(ended.trigger().body()) : ended.run().toString()));
            double httpSeconds = ended.trigger() == null ? 0 : ended.trigger().nanos() / 1e9;
            double dbSeconds = (System.nanoTime() - t0) / 1e9;
            long holdingAfter = holding(cart, ids);
            long reservedAfter = reserved(cart, skus);
            InvariantReport inv = StockInvariant.check(cart, skus, expected, StockInvariant.Level.STRICT);
            boolean ok = inv.ok() && holdingAfter == 0 && reservedAfter == 0 && ids.size() == cartsWanted && ended.succeeded();
            String md = String.format(Locale.ROOT,
                    "%d carts created through the gateway by %d clients (%s, %.0f carts/s), each holding 1 unit of one of %d skus; "
                            + "the cart service ran with CART_EXPIRY_INACTIVE_AFTER=%s and a scheduled expiry far away; after %.0f s idle, "
                            + "`POST /api/admin/jobs/expire-carts` (202 at once), then `GET` of its run until it ended:%n%n"
                            + "| carts expired | units reserved before | trigger answered in | job run (started → finished) | trigger → run seen ended | until the database shows no reservation | carts still holding | units still reserved | invariant |%n"
                            + "|---:|---:|---:|---:|---:|---:|---:|---:|---|%n"
                            + "| %d | %d | %.3f s | %.2f s | %.2f s | %.2f s | %d | %d | %s |%n%n"
                            + "Job run: %s%n%nCart creation load:%n%n%s%n%s%n",
                    ids.size(), clients, prefix, ids.size() / create.seconds(), skuCount, a.str("inactive-after-label", "PT" + inactive.toSeconds() + "S"),
                    inactive.toSeconds() + 1.0, ids.size() - holdingAfter, reservedBefore, httpSeconds, jobSeconds, untilEnded, dbSeconds,
                    holdingAfter, reservedAfter, inv.ok() ? "holds" : "**FAILS**", String.join("; ", calls), create.table(),
                    inv.summary());
            System.out.println(md);
            ReservationBench.write(a, md);
            System.out.printf(Locale.ROOT, "RESULT expiry carts=%d/%d seconds=%.2f job_seconds=%.2f trigger_seconds=%.3f run=%s still_holding=%d invariant=%s%n",
                    ids.size(), cartsWanted, dbSeconds, jobSeconds, httpSeconds, ended.run() == null ? "none" : ended.run().path("state").asText(),
                    holdingAfter, inv.ok() ? "holds" : "FAILS");
            return ok ? 0 : 1;
        }
    }

    static long reserved(MongoDatabase cart, List<String> skus) {
        long total = 0;
        for (org.bson.Document d : cart.getCollection("inventory").find(in("_id", skus))) {
            total += StockInvariant.num(d.get("reserved"));
        }
        return total;
    }

    static long holding(MongoDatabase cart, List<String> ids) {
        long n = 0;
        for (int i = 0; i < ids.size(); i += 1000) {
            List<String> chunk = ids.subList(i, Math.min(ids.size(), i + 1000));
            // a find, not countDocuments: the embedded server looks up an _id $in only for a find; its
            // count (an aggregation) matched every cart per chunk, minutes at 100,000 carts
            for (org.bson.Document ignored : cart.getCollection("cart").find(and(in("_id", chunk),
                    in("status", StockInvariant.HOLDING_STATUSES), not(size("items", 0)))).projection(new org.bson.Document("_id", 1))) {
                n++;
            }
        }
        return n;
    }
}

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

    /** The scenario's knobs. */
    private record Settings(int cartsWanted, int clients, int skuCount, Duration inactive, String prefix) {

        static Settings of(Args a) {
            return new Settings(a.integer("carts", 10_000), a.integer("clients", 64), a.integer("skus", 100), a.seconds("inactive-after", 5),
                    a.str("prefix", "bench-exp-" + Long.toString(System.currentTimeMillis(), 36)));
        }
    }

    /** The carts that got their reservation, and the creation load's figures. */
    private record Created(List<String> ids, Stats load) {
    }

    /**
     * The job's one run: as it ended, the seconds until it was seen ended, its own duration (started → finished), the trigger's
     * answer time, and the time until the database held no reservation; the units reserved before it.
     */
    private record Expiry(JobRuns.Ended ended, double untilEnded, double jobSeconds, double httpSeconds, double dbSeconds, long reservedBefore) {
    }

    /** The database after the run: carts still holding stock, units still reserved, the strict invariant. */
    private record After(long holding, long reserved, InvariantReport invariant) {
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        Api jobApi = new Api(a.required("gateway"), a.required("token"), a.seconds("job-timeout", 900), 1);
        Settings settings = Settings.of(a);
        int stock = (settings.cartsWanted() / settings.skuCount() + 1) * 2;
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, settings.prefix(), settings.skuCount(), stock, expected);

        Created created = createCarts(a, api, settings, skus);
        try (Db db = new Db(a.required("mongo"))) {
            MongoDatabase cart = db.db("cart");
            Expiry expiry = expireOnce(a, jobApi, cart, skus, settings.inactive());
            After after = new After(holding(cart, created.ids()), reserved(cart, skus),
                    StockInvariant.check(cart, skus, expected, StockInvariant.Level.STRICT));
            return report(a, settings, created, expiry, after);
        }
    }

    /** {@code --carts} carts, each holding 1 unit, created concurrently through the gateway. */
    private static Created createCarts(Args a, Api api, Settings settings, List<String> skus) throws InterruptedException {
        Stats create = new Stats();
        AtomicInteger next = new AtomicInteger();
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        create.start();
        Load.run(settings.clients(), a.seconds("create-timeout", 900), Long.MAX_VALUE, c -> {
            int n = next.getAndIncrement();
            if (n >= settings.cartsWanted()) {
                return 0;
            }
            return createCartHoldingOneUnit(api, skus.get(n % skus.size()), create, ids);
        }, () -> next.get() >= settings.cartsWanted());
        create.stop();
        System.out.printf(Locale.ROOT, "created %d carts holding a reservation in %.1f s%n", ids.size(), create.seconds());
        return new Created(ids, create);
    }

    /** One cart with one unit of {@code sku}; its id joins {@code ids} when the add succeeded. Returns the requests made. */
    private static int createCartHoldingOneUnit(Api api, String sku, Stats create, List<String> ids) throws InterruptedException {
        // each cart a shopper of its own (X-Forwarded-For), as in the reservation scenario
        Api shopper = api.asClient(ClientAddresses.next());
        Api.Response r = shopper.post("/api/carts", null);
        create.record("create cart", r, false);
        if (!r.ok()) {
            return 1;
        }
        String id = r.json().path("id").asText();
        String line = "{\"sku\":\"" + sku + "\",\"qty\":1}";
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
    }

    /**
     * Once the carts went stale, one trigger: the job runs in the background (202 + its run); follow the run to its end,
     * and watch the database until no reservation of these carts is left.
     */
    private static Expiry expireOnce(Args a, Api jobApi, MongoDatabase cart, List<String> skus, Duration inactive) throws InterruptedException {
        long reservedBefore = reserved(cart, skus);
        Thread.sleep(inactive.toMillis() + 1000);

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
        double httpSeconds = ended.trigger() == null ? 0 : ended.trigger().nanos() / 1e9;
        double dbSeconds = (System.nanoTime() - t0) / 1e9;
        return new Expiry(ended, untilEnded, jobSeconds, httpSeconds, dbSeconds, reservedBefore);
    }

    /** Prints and writes the table and the RESULT line; the exit code. */
    private static int report(Args a, Settings settings, Created created, Expiry expiry, After after) throws java.io.IOException {
        List<String> ids = created.ids();
        Stats create = created.load();
        JobRuns.Ended ended = expiry.ended();
        InvariantReport inv = after.invariant();
        Duration inactive = settings.inactive();
        List<String> calls = List.of(ended.trigger() == null ? "no trigger"
                : ended.trigger().status() + " " + (ended.run() == null ? String.valueOf(ended.trigger().body()) : ended.run().toString()));
        boolean ok = inv.ok() && after.holding() == 0 && after.reserved() == 0 && ids.size() == settings.cartsWanted() && ended.succeeded();
        String md = String.format(Locale.ROOT,
                "%d carts created through the gateway by %d clients (%s, %.0f carts/s), each holding 1 unit of one of %d skus; "
                        + "the cart service ran with CART_EXPIRY_INACTIVE_AFTER=%s and a scheduled expiry far away; after %.0f s idle, "
                        + "`POST /api/admin/jobs/expire-carts` (202 at once), then `GET` of its run until it ended:%n%n"
                        + "| carts expired | units reserved before | trigger answered in | job run (started → finished) | trigger → run seen ended | until the database shows no reservation | carts still holding | units still reserved | invariant |%n"
                        + "|---:|---:|---:|---:|---:|---:|---:|---:|---|%n"
                        + "| %d | %d | %.3f s | %.2f s | %.2f s | %.2f s | %d | %d | %s |%n%n"
                        + "Job run: %s%n%nCart creation load:%n%n%s%n%s%n",
                ids.size(), settings.clients(), settings.prefix(), ids.size() / create.seconds(), settings.skuCount(),
                a.str("inactive-after-label", "PT" + inactive.toSeconds() + "S"),
                inactive.toSeconds() + 1.0, ids.size() - after.holding(), expiry.reservedBefore(), expiry.httpSeconds(), expiry.jobSeconds(),
                expiry.untilEnded(), expiry.dbSeconds(), after.holding(), after.reserved(), inv.ok() ? "holds" : "**FAILS**", String.join("; ", calls),
                create.table(), inv.summary());
        System.out.println(md);
        ReservationBench.write(a, md);
        System.out.printf(Locale.ROOT, "RESULT expiry carts=%d/%d seconds=%.2f job_seconds=%.2f trigger_seconds=%.3f run=%s still_holding=%d invariant=%s%n",
                ids.size(), settings.cartsWanted(), expiry.dbSeconds(), expiry.jobSeconds(), expiry.httpSeconds(),
                ended.run() == null ? "none" : ended.run().path("state").asText(), after.holding(), inv.ok() ? "holds" : "FAILS");
        return ok ? 0 : 1;
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

package com.example.shop.bench;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.Document;

/**
 * bench/chaos case 2: writes to all three services (and reads) through the gateway while the
 * embedded database is killed with SIGKILL and restarted. Every acknowledged write is recorded
 * client-side and looked up in the database afterwards; every answer given while the database
 * was down must be a 503 problem (or a success that needed no database), none may take longer
 * than the bound, and the services must serve writes again by themselves after the restart.
 */
final class AckWrites {

    enum Phase { BEFORE, OUTAGE, RECOVERY, AFTER }

    static int run(Args a) throws Exception {
        // every request from a client of its own: the case is about the database, not the gateway's per-client limits
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("client-timeout", 60), 4).asNewClientEachRequest();
        int clients = a.integer("clients", 16);
        int cycles = a.integer("cycles", 2);
        Duration before = a.seconds("before", 5);
        Duration down = a.seconds("down", 8);
        Duration after = a.seconds("after", 10);
        long maxLatencyMs = a.integer("max-latency-ms", 12_000);
        String prefix = a.str("prefix", "ack-" + Long.toString(System.currentTimeMillis(), 36));
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, prefix + "-stock", 4, 1_000_000, expected);

        Set<String> products = ConcurrentHashMap.newKeySet();
        Set<String> categories = ConcurrentHashMap.newKeySet();
        Set<String> carts = ConcurrentHashMap.newKeySet();
        Map<String, String> lines = new ConcurrentHashMap<>(); // cart id -> sku added (acknowledged)
        AtomicInteger seq = new AtomicInteger();
        AtomicReference<Phase> phase = new AtomicReference<>(Phase.BEFORE);
        Stats stats = new Stats();
        // outage answers: anything but a 503 problem (or a 2xx) is a violation
        List<String> violations = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicLong outageMaxMicros = new AtomicLong();
        AtomicLong outageRequests = new AtomicLong();

        Load.Client client = c -> {
            ThreadLocalRandom rnd = ThreadLocalRandom.current();
            Phase p = phase.get();
            int n = seq.incrementAndGet();
            String op;
            Api.Response r;
            int kind = rnd.nextInt(6);
            switch (kind) {
                case 0 -> {
                    op = "create product";
                    String sku = prefix + "-p" + n;
                    r = api.admin("POST", "/api/products", Fixtures.product(sku, n));
                    if (r.status() == 201 || r.status() == 200) {
                        products.add(sku);
                    }
                }
                case 1 -> {
                    op = "create category";
                    String slug = prefix + "-c" + n;
                    r = api.admin("POST", "/api/categories", Api.json(Map.of("name", "Chaos " + n, "slug", slug, "parent", "music")));
                    if (r.ok()) {
                        categories.add(slug);
                    }
                }
                case 2 -> {
                    op = "create cart + add item";
                    r = api.post("/api/carts", null);
                    if (r.ok()) {
                        String id = r.json().path("id").asText();
                        carts.add(id);
                        String sku = skus.get(rnd.nextInt(skus.size()));
                        Api.Response add = api.post("/api/carts/" + id + "/items", "{\"sku\":\"" + sku + "\",\"qty\":1}");
                        note(stats, "add item", add, p, phase.get(), violations, outageMaxMicros, outageRequests);
                        if (add.ok()) {
                            lines.put(id, sku);
                        }
                    }
                }
                case 3 -> {
                    op = "restock";
                    String sku = skus.get(rnd.nextInt(skus.size()));
                    r = api.admin("POST", "/api/inventory/" + sku + "/restock", "{\"qty\":1}");
                    if (r.ok()) {
                        expected.acknowledged(sku, 1);
                    } else if (r.status() < 0 || r.status() >= 500) {
                        expected.unknown(sku, 1);
                    }
                }
                case 4 -> {
                    op = "read product";
                    r = api.get("/api/products/" + skus.get(0));
                }
                default -> {
                    op = "read category";
                    r = api.get("/api/categories/music");
                }
            }
            note(stats, op, r, p, phase.get(), violations, outageMaxMicros, outageRequests);
            Thread.sleep(rnd.nextInt(20));
            return 1;
        };

        String pidFile = a.required("pidfile");
        List<String> cycleLog = new ArrayList<>();
        List<Double> recoverySeconds = new ArrayList<>();
        boolean recoveredAll = true;
        Thread load = new Thread(() -> {
            try {
                Load.run(clients, Duration.ofMinutes(30), Long.MAX_VALUE, client, () -> phase.get() == null);
            } catch (InterruptedException ignored) {
            }
        });
        stats.start();
        load.start();
        for (int cycle = 1; cycle <= cycles; cycle++) {
            phase.set(Phase.BEFORE);
            Thread.sleep(before.toMillis());
            phase.set(Phase.OUTAGE);
            boolean killed = Processes.kill9(Path.of(pidFile));
            Thread.sleep(down.toMillis());
            long t0 = System.nanoTime();
            boolean restarted = Processes.platformRestart(a.required("platform"), "mongo", a.str("restart-log", "/dev/null"));
            phase.set(Phase.RECOVERY);
            // recovered: each service acknowledges a write again (the services are not restarted)
            double rec = recover(api, prefix + "-r" + cycle, Duration.ofSeconds(a.integer("recover-timeout", 60)), expected, skus.get(0));
            if (rec < 0) {
                recoveredAll = false;
            } else {
                recoverySeconds.add(rec);
            }
            phase.set(Phase.AFTER);
            cycleLog.add(String.format(Locale.ROOT, "cycle %d: killed=%s, down %.0f s, restarted=%s in %.1f s, services writing again %s",
                    cycle, killed, down.toSeconds() * 1.0, restarted, (System.nanoTime() - t0) / 1e9 - Math.max(rec, 0),
                    rec < 0 ? "NEVER (within bound)" : String.format(Locale.ROOT, "%.1f s after the database was back", rec)));
            System.out.println(cycleLog.get(cycleLog.size() - 1));
            Thread.sleep(after.toMillis());
        }
        phase.set(null);
        load.join(120_000);
        stats.stop();

        List<String> missing = new ArrayList<>();
        InvariantReport inv;
        try (Db db = new Db(a.required("mongo"))) {
            Set<String> foundProducts = new java.util.HashSet<>();
            for (Document d : db.db("catalog").getCollection("products").find(in("sku", new ArrayList<>(products)))) {
                foundProducts.add(d.getString("sku"));
            }
            products.stream().filter(s -> !foundProducts.contains(s)).forEach(s -> missing.add("product " + s));
            Set<String> foundCategories = new java.util.HashSet<>();
            for (Document d : db.db("categories").getCollection("categories").find(in("slug", new ArrayList<>(categories)))) {
                foundCategories.add(d.getString("slug"));
            }
            categories.stream().filter(s -> !foundCategories.contains(s)).forEach(s -> missing.add("category " + s));
            Map<String, Document> foundCarts = new java.util.HashMap<>();
            for (Document d : db.db("cart").getCollection("cart").find(in("_id", new ArrayList<>(carts)))) {
                foundCarts.put(d.getString("_id"), d);
            }
            for (String id : carts) {
                Document cart = foundCarts.get(id);
                if (cart == null) {
                    missing.add("cart " + id);
                } else if (lines.containsKey(id)) {
                    boolean has = cart.getList("items", Document.class, List.of()).stream()
                            .anyMatch(i -> lines.get(id).equals(i.getString("sku")));
                    if (!has) {
                        missing.add("line " + lines.get(id) + " of cart " + id);
                    }
                }
            }
            inv = StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.CONSERVATION);
        }
        boolean ok = violations.isEmpty() && missing.isEmpty() && recoveredAll && inv.ok()
                && outageMaxMicros.get() / 1000 <= maxLatencyMs && outageRequests.get() > 0;
        String md = String.format(Locale.ROOT,
                "%d clients writing to the three services through the gateway (products, categories, carts + lines, restocks) and reading; "
                        + "%d × (%.0f s load, SIGKILL of the database, %.0f s down, `./platform restart mongo`, recovery, %.0f s load).%n%n"
                        + "%s%n"
                        + "| check | measured | verdict |%n|---|---|---|%n"
                        + "| answers while the database was down | %d requests, %d not a 503 problem%s | %s |%n"
                        + "| longest request while down (bound %d ms) | %d ms | %s |%n"
                        + "| services write again without a restart | %s | %s |%n"
                        + "| acknowledged writes present afterwards | %d products, %d categories, %d carts, %d lines; missing %d%s | %s |%n"
                        + "| restocks: stock invariant | %s | %s |%n%n%s%n",
                clients, cycles, before.toSeconds() * 1.0, down.toSeconds() * 1.0, after.toSeconds() * 1.0,
                String.join("  \n", cycleLog) + "\n", outageRequests.get(), violations.size(),
                violations.isEmpty() ? "" : " (e.g. " + String.join(", ", violations.subList(0, Math.min(5, violations.size()))) + ")",
                violations.isEmpty() && outageRequests.get() > 0 ? "ok" : "**FAIL**", maxLatencyMs, outageMaxMicros.get() / 1000,
                outageMaxMicros.get() / 1000 <= maxLatencyMs ? "ok" : "**FAIL**",
                recoverySeconds.isEmpty() ? "never" : recoverySeconds.stream().map(s -> String.format(Locale.ROOT, "%.1f s", s)).toList()
                        + " after the database was back",
                recoveredAll ? "ok" : "**FAIL**", products.size(), categories.size(), carts.size(), lines.size(), missing.size(),
                missing.isEmpty() ? "" : " (" + String.join(", ", missing.subList(0, Math.min(5, missing.size()))) + ")",
                missing.isEmpty() ? "ok" : "**FAIL**", inv.summary(), inv.ok() ? "ok" : "**FAIL**", stats.table());
        System.out.println(md);
        ReservationBench.write(a, md);
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": outage answers not 503 " + violations.size() + ", max outage latency "
                + outageMaxMicros.get() / 1000 + " ms, acknowledged writes missing " + missing.size() + ", recovered " + recoveredAll);
        return ok ? 0 : 1;
    }

    private static void note(Stats stats, String op, Api.Response r, Phase sent, Phase now, List<String> violations,
                             AtomicLong outageMaxMicros, AtomicLong outageRequests) {
        boolean outage = sent == Phase.OUTAGE || now == Phase.OUTAGE;
        String label = (outage ? "database down · " : now == Phase.RECOVERY || sent == Phase.RECOVERY ? "recovering · " : "") + op;
        boolean expected503 = r.status() == 503 && r.contentType() != null && r.contentType().contains("problem+json");
        stats.record(label, r, (outage || sent == Phase.RECOVERY) && expected503);
        if (outage) {
            outageRequests.incrementAndGet();
            outageMaxMicros.accumulateAndGet(r.nanos() / 1000, Math::max);
            if (!r.ok() && !expected503) {
                violations.add(op + " → " + (r.status() < 0 ? r.errorKind() : r.status() + " " + r.contentType()));
            }
        }
    }

    /** Seconds until each service acknowledged a write again, or -1. */
    private static double recover(Api api, String prefix, Duration bound, ExpectedStock expected, String sku) throws InterruptedException {
        long t0 = System.nanoTime();
        long end = t0 + bound.toNanos();
        boolean catalog = false;
        boolean category = false;
        boolean cart = false;
        int n = 0;
        while (System.nanoTime() < end && !(catalog && category && cart)) {
            n++;
            if (!catalog) {
                catalog = api.admin("POST", "/api/products", Fixtures.product(prefix + "-p" + n, n)).ok();
            }
            if (!category) {
                category = api.admin("POST", "/api/categories",
                        Api.json(Map.of("name", "Recovery " + n, "slug", prefix + "-c" + n, "parent", "music"))).ok();
            }
            if (!cart) {
                Api.Response r = api.admin("POST", "/api/inventory/" + sku + "/restock", "{\"qty\":1}");
                cart = r.ok();
                if (r.ok()) {
                    expected.acknowledged(sku, 1);
                } else if (r.status() < 0 || r.status() >= 500) {
                    expected.unknown(sku, 1);
                }
            }
            if (!(catalog && category && cart)) {
                Thread.sleep(200);
            }
        }
        return catalog && category && cart ? (System.nanoTime() - t0) / 1e9 : -1;
    }
}

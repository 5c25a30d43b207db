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

    /** The case's knobs. */
    private record Settings(int clients, int cycles, Duration before, Duration down, Duration after, long maxLatencyMs, String prefix) {

        static Settings of(Args a) {
            return new Settings(a.integer("clients", 16), a.integer("cycles", 2), a.seconds("before", 5), a.seconds("down", 8),
                    a.seconds("after", 10), a.integer("max-latency-ms", 12_000),
                    a.str("prefix", "ack-" + Long.toString(System.currentTimeMillis(), 36)));
        }
    }

    /** Every write the gateway acknowledged during the load, looked up in the database afterwards. */
    private record Acknowledged(Set<String> products, Set<String> categories, Set<String> carts, Map<String, String> lines) {

        static Acknowledged none() {
            // lines: cart id -> sku added (acknowledged)
            return new Acknowledged(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet(),
                    new ConcurrentHashMap<>());
        }
    }

    /** The requests sent or answered while the database was down: anything but a 503 problem (or a 2xx) is a violation. */
    private record OutageAnswers(List<String> violations, AtomicLong maxMicros, AtomicLong requests) {

        static OutageAnswers none() {
            return new OutageAnswers(java.util.Collections.synchronizedList(new ArrayList<>()), new AtomicLong(), new AtomicLong());
        }

        long maxMillis() {
            return maxMicros.get() / 1000;
        }
    }

    /** What the kill cycles did: one line per cycle, and the seconds until the services wrote again. */
    private record Cycles(List<String> log, List<Double> recoverySeconds, boolean recoveredAll) {
    }

    /** Acknowledged writes the database no longer holds, and the stock invariant over the restocks. */
    private record Audit(List<String> missing, InvariantReport invariant) {
    }

    private final Api api;
    private final Settings settings;
    private final List<String> skus;
    private final ExpectedStock expected;
    private final Acknowledged acknowledged = Acknowledged.none();
    private final OutageAnswers outage = OutageAnswers.none();
    private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.BEFORE);
    private final AtomicInteger seq = new AtomicInteger();
    private final Stats stats = new Stats();

    private AckWrites(Api api, Settings settings, List<String> skus, ExpectedStock expected) {
        this.api = api;
        this.settings = settings;
        this.skus = skus;
        this.expected = expected;
    }

    static int run(Args a) throws Exception {
        // every request from a client of its own: the case is about the database, not the gateway's per-client limits
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("client-timeout", 60), 4).asNewClientEachRequest();
        Settings settings = Settings.of(a);
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, settings.prefix() + "-stock", 4, 1_000_000, expected);
        AckWrites ackWrites = new AckWrites(api, settings, skus, expected);
        Cycles cycles = ackWrites.loadThroughKillCycles(a);
        Audit audit = ackWrites.audit(a.required("mongo"));
        return ackWrites.report(a, cycles, audit);
    }

    /** Writes and reads by every client while the database is killed and restarted, cycle after cycle. */
    private Cycles loadThroughKillCycles(Args a) throws Exception {
        String pidFile = a.required("pidfile");
        List<String> cycleLog = new ArrayList<>();
        List<Double> recoverySeconds = new ArrayList<>();
        boolean recoveredAll = true;
        Thread load = new Thread(() -> {
            try {
                Load.run(settings.clients(), Duration.ofMinutes(30), Long.MAX_VALUE, c -> oneRequest(), () -> phase.get() == null);
            } catch (InterruptedException ignored) {
            }
        });
        stats.start();
        load.start();
        for (int cycle = 1; cycle <= settings.cycles(); cycle++) {
            double rec = killCycle(a, pidFile, cycle, cycleLog);
            if (rec < 0) {
                recoveredAll = false;
            } else {
                recoverySeconds.add(rec);
            }
        }
        phase.set(null);
        load.join(120_000);
        stats.stop();
        return new Cycles(cycleLog, recoverySeconds, recoveredAll);
    }

    /** One cycle: load, SIGKILL of the database, down, restart, recovery, load; the seconds to recover, or -1. */
    private double killCycle(Args a, String pidFile, int cycle, List<String> cycleLog) throws Exception {
        phase.set(Phase.BEFORE);
        Thread.sleep(settings.before().toMillis());
        phase.set(Phase.OUTAGE);
        boolean killed = Processes.kill9(Path.of(pidFile));
        Thread.sleep(settings.down().toMillis());
        long t0 = System.nanoTime();
        boolean restarted = Processes.platformRestart(a.required("platform"), "mongo", a.str("restart-log", "/dev/null"));
        phase.set(Phase.RECOVERY);
        // recovered: each service acknowledges a write again (the services are not restarted)
        double rec = recover(settings.prefix() + "-r" + cycle, Duration.ofSeconds(a.integer("recover-timeout", 60)));
        phase.set(Phase.AFTER);
        cycleLog.add(String.format(Locale.ROOT, "cycle %d: killed=%s, down %.0f s, restarted=%s in %.1f s, services writing again %s",
                cycle, killed, settings.down().toSeconds() * 1.0, restarted, (System.nanoTime() - t0) / 1e9 - Math.max(rec, 0),
                rec < 0 ? "NEVER (within bound)" : String.format(Locale.ROOT, "%.1f s after the database was back", rec)));
        System.out.println(cycleLog.get(cycleLog.size() - 1));
        Thread.sleep(settings.after().toMillis());
        return rec;
    }

    /** One client iteration: a write to one of the three services, or a read, then a short pause. */
    private int oneRequest() throws InterruptedException {
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        Phase p = phase.get();
        int n = seq.incrementAndGet();
        String op;
        Api.Response r;
        int kind = rnd.nextInt(6);
        switch (kind) {
            case 0 -> {
                op = "create product";
                r = createProduct(n);
            }
            case 1 -> {
                op = "create category";
                r = createCategory(n);
            }
            case 2 -> {
                op = "create cart + add item";
                r = createCartAndAdd(p, rnd);
            }
            case 3 -> {
                op = "restock";
                r = restock(skus.get(rnd.nextInt(skus.size())));
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
        note(op, r, p);
        Thread.sleep(rnd.nextInt(20));
        return 1;
    }

    private Api.Response createProduct(int n) {
        String sku = settings.prefix() + "-p" + n;
        Api.Response r = api.admin("POST", "/api/products", Fixtures.product(sku, n));
        if (r.status() == 201 || r.status() == 200) {
            acknowledged.products().add(sku);
        }
        return r;
    }

    private Api.Response createCategory(int n) {
        String slug = settings.prefix() + "-c" + n;
        Api.Response r = api.admin("POST", "/api/categories", Api.json(Map.of("name", "Chaos " + n, "slug", slug, "parent", "music")));
        if (r.ok()) {
            acknowledged.categories().add(slug);
        }
        return r;
    }

    /** Creates a cart and adds a line to it; the add's own answer is noted here, the creation's by the caller. */
    private Api.Response createCartAndAdd(Phase sent, ThreadLocalRandom rnd) {
        Api.Response r = api.post("/api/carts", null);
        if (r.ok()) {
            String id = r.json().path("id").asText();
            acknowledged.carts().add(id);
            String sku = skus.get(rnd.nextInt(skus.size()));
            Api.Response add = api.post("/api/carts/" + id + "/items", "{\"sku\":\"" + sku + "\",\"qty\":1}");
            note("add item", add, sent);
            if (add.ok()) {
                acknowledged.lines().put(id, sku);
            }
        }
        return r;
    }

    private Api.Response restock(String sku) {
        Api.Response r = api.admin("POST", "/api/inventory/" + sku + "/restock", "{\"qty\":1}");
        if (r.ok()) {
            expected.acknowledged(sku, 1);
        } else if (r.status() < 0 || r.status() >= 500) {
            expected.unknown(sku, 1);
        }
        return r;
    }

    /** Looks every acknowledged write up in the database, and checks the stock invariant. */
    private Audit audit(String mongo) {
        List<String> missing = new ArrayList<>();
        try (Db db = new Db(mongo)) {
            missing.addAll(missingProducts(db));
            missing.addAll(missingCategories(db));
            missing.addAll(missingCartsAndLines(db));
            return new Audit(missing, StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.CONSERVATION));
        }
    }

    private List<String> missingProducts(Db db) {
        Set<String> found = new java.util.HashSet<>();
        for (Document d : db.db("catalog").getCollection("products").find(in("sku", new ArrayList<>(acknowledged.products())))) {
            found.add(d.getString("sku"));
        }
        return acknowledged.products().stream().filter(s -> !found.contains(s)).map(s -> "product " + s).toList();
    }

    private List<String> missingCategories(Db db) {
        Set<String> found = new java.util.HashSet<>();
        for (Document d : db.db("categories").getCollection("categories").find(in("slug", new ArrayList<>(acknowledged.categories())))) {
            found.add(d.getString("slug"));
        }
        return acknowledged.categories().stream().filter(s -> !found.contains(s)).map(s -> "category " + s).toList();
    }

    private List<String> missingCartsAndLines(Db db) {
        List<String> missing = new ArrayList<>();
        Map<String, String> lines = acknowledged.lines();
        Map<String, Document> found = new java.util.HashMap<>();
        for (Document d : db.db("cart").getCollection("cart").find(in("_id", new ArrayList<>(acknowledged.carts())))) {
            found.put(d.getString("_id"), d);
        }
        for (String id : acknowledged.carts()) {
            Document cart = found.get(id);
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
        return missing;
    }

    /** Prints and writes the result table and the verdict line; the exit code. */
    private int report(Args a, Cycles cycles, Audit audit) throws java.io.IOException {
        List<String> violations = outage.violations();
        List<String> missing = audit.missing();
        InvariantReport inv = audit.invariant();
        boolean ok = violations.isEmpty() && missing.isEmpty() && cycles.recoveredAll() && inv.ok()
                && outage.maxMillis() <= settings.maxLatencyMs() && outage.requests().get() > 0;
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
                settings.clients(), settings.cycles(), settings.before().toSeconds() * 1.0, settings.down().toSeconds() * 1.0,
                settings.after().toSeconds() * 1.0,
                String.join("  \n", cycles.log()) + "\n", outage.requests().get(), violations.size(),
                violations.isEmpty() ? "" : " (e.g. " + String.join(", ", violations.subList(0, Math.min(5, violations.size()))) + ")",
                violations.isEmpty() && outage.requests().get() > 0 ? "ok" : "**FAIL**", settings.maxLatencyMs(), outage.maxMillis(),
                outage.maxMillis() <= settings.maxLatencyMs() ? "ok" : "**FAIL**",
                cycles.recoverySeconds().isEmpty() ? "never"
                        : cycles.recoverySeconds().stream().map(s -> String.format(Locale.ROOT, "%.1f s", s)).toList()
                        + " after the database was back",
                cycles.recoveredAll() ? "ok" : "**FAIL**", acknowledged.products().size(), acknowledged.categories().size(),
                acknowledged.carts().size(), acknowledged.lines().size(), missing.size(),
                missing.isEmpty() ? "" : " (" + String.join(", ", missing.subList(0, Math.min(5, missing.size()))) + ")",
                missing.isEmpty() ? "ok" : "**FAIL**", inv.summary(), inv.ok() ? "ok" : "**FAIL**", stats.table());
        System.out.println(md);
        ReservationBench.write(a, md);
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": outage answers not 503 " + violations.size() + ", max outage latency "
                + outage.maxMillis() + " ms, acknowledged writes missing " + missing.size() + ", recovered " + cycles.recoveredAll());
        return ok ? 0 : 1;
    }

    /** Records an answer; one sent or answered while the database was down is checked against the outage's rules. */
    private void note(String op, Api.Response r, Phase sent) {
        Phase now = phase.get();
        boolean down = sent == Phase.OUTAGE || now == Phase.OUTAGE;
        String label = (down ? "database down · " : now == Phase.RECOVERY || sent == Phase.RECOVERY ? "recovering · " : "") + op;
        boolean expected503 = r.status() == 503 && r.contentType() != null && r.contentType().contains("problem+json");
        stats.record(label, r, (down || sent == Phase.RECOVERY) && expected503);
        if (down) {
            outage.requests().incrementAndGet();
            outage.maxMicros().accumulateAndGet(r.nanos() / 1000, Math::max);
            if (!r.ok() && !expected503) {
                outage.violations().add(op + " → " + (r.status() < 0 ? r.errorKind() : r.status() + " " + r.contentType()));
            }
        }
    }

    /** Seconds until each service acknowledged a write again, or -1. */
    private double recover(String prefix, Duration bound) throws InterruptedException {
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
                cart = restock(skus.get(0)).ok();
            }
            if (!(catalog && category && cart)) {
                Thread.sleep(200);
            }
        }
        return catalog && category && cart ? (System.nanoTime() - t0) / 1e9 : -1;
    }
}

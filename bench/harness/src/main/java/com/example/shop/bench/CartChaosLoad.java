package com.example.shop.bench;

import static com.mongodb.client.model.Filters.in;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.bson.Document;

/**
 * bench/chaos cases 1 and 3: a mixed cart load through the gateway (and, for case 3, straight to a
 * second cart-service instance), while the cart service is killed with SIGKILL at random moments
 * and restarted ({@code --kills N}), and/or while the admin jobs are triggered on every instance at
 * the same moment ({@code --jobs URL,URL}). Afterwards stalled checkouts are resolved and trapped
 * reservations cleaned up, then the invariant is checked for every sku, strictly.
 */
final class CartChaosLoad {

    /** The case's knobs. */
    private record Settings(int clients, int kills, Duration maxDuration, String prefix) {

        static Settings of(Args a) {
            return new Settings(a.integer("clients", 32), a.integer("kills", 20), a.seconds("seconds", 600),
                    a.str("prefix", "chaos-" + Long.toString(System.currentTimeMillis(), 36)));
        }
    }

    /** The SIGKILLs of the cart service: one line per kill, and the seconds each restart took. */
    private record Kills(List<String> log, List<Double> restartSeconds) {
    }

    /**
     * The strict invariant, the checkouts acknowledged as approved that the database does not hold as complete, and the
     * orders against the approved charges.
     */
    private record Audit(InvariantReport invariant, int approved, List<String> lost, OrderAudit orders) {
    }

    private final Args a;
    private final Api api;
    private final Settings settings;
    private final List<String> skus;
    private final ExpectedStock expected;
    private final Stats stats = new Stats();
    /** The shoppers through the gateway first, then one per cart service reached directly ({@code --direct}). */
    private final List<Carts> shoppers = new ArrayList<>();
    /** Where the admin jobs are triggered during the load ({@code --jobs}) and run to settle after it. */
    private final List<Api> jobTargets = new ArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();

    private CartChaosLoad(Args a, Api api, Settings settings, List<String> skus, ExpectedStock expected) {
        this.a = a;
        this.api = api;
        this.settings = settings;
        this.skus = skus;
        this.expected = expected;
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        Settings settings = Settings.of(a);
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, settings.prefix(), a.integer("skus", 10), a.integer("stock", 300), expected);
        CartChaosLoad chaos = new CartChaosLoad(a, api, settings, skus, expected);
        chaos.addShoppers();
        chaos.addJobTargets();
        Kills kills = chaos.loadUnderKillsAndJobs();
        try (Db db = new Db(a.required("mongo"))) {
            List<String> settle = chaos.settle(db);
            return chaos.report(kills, settle, chaos.audit(db));
        }
    }

    private Carts viaGateway() {
        return shoppers.get(0);
    }

    private void addShoppers() {
        Carts viaGateway = new Carts(api, stats, skus, expected);
        viaGateway.stall = 0.05;
        viaGateway.linger = a.seconds("linger", 0).toMillis() > 0 ? 0.2 : 0;
        viaGateway.lingerMillis = Math.max(1, a.seconds("linger", 0).toMillis());
        shoppers.add(viaGateway);
        for (String direct : a.str("direct", "").split(",")) {
            if (!direct.isBlank()) {
                Carts c = new Carts(api.withBase(direct), stats, skus, expected);
                c.prefix = "";
                c.stall = viaGateway.stall;
                c.linger = viaGateway.linger;
                c.lingerMillis = viaGateway.lingerMillis;
                shoppers.add(c);
            }
        }
    }

    private void addJobTargets() {
        for (String j : a.str("jobs", "").split(",")) {
            if (!j.isBlank()) {
                jobTargets.add(api.withBase(j));
            }
        }
    }

    /** The shoppers' load until the kills are done (or the time is up), with the jobs and a restocker beside it. */
    private Kills loadUnderKillsAndJobs() throws InterruptedException {
        Kills kills = new Kills(new ArrayList<>(), new ArrayList<>());
        stats.start();
        Thread killer = new Thread(() -> killAndRestart(kills), "killer");
        Thread jobs = new Thread(this::triggerJobsUntilStopped, "jobs");
        Thread restocker = new Thread(this::restockUntilStopped, "restocker");
        if (settings.kills() > 0) {
            killer.start();
        } else {
            new Thread(this::stopWhenTimeIsUp).start();
        }
        if (!jobTargets.isEmpty()) {
            jobs.start();
        }
        restocker.start();
        Load.run(settings.clients(), settings.maxDuration(), Long.MAX_VALUE,
                c -> shoppers.get(c % shoppers.size()).session(), stop::get);
        stop.set(true);
        killer.join(300_000);
        jobs.join(120_000);
        restocker.join(60_000);
        stats.stop();
        return kills;
    }

    /** SIGKILLs the cart service at random moments and restarts it, {@code --kills} times; then stops the load. */
    private void killAndRestart(Kills kills) {
        List<String> killLog = kills.log();
        List<Double> restartSeconds = kills.restartSeconds();
        try {
            for (int k = 0; k < settings.kills() && !stop.get(); k++) {
                double upFor = a.seconds("min-up", 0.5).toMillis() + ThreadLocalRandom.current().nextDouble(
                        a.seconds("max-up", 4).toMillis() - a.seconds("min-up", 0.5).toMillis());
                Thread.sleep((long) upFor);
                if (!Processes.kill9(java.nio.file.Path.of(a.required("pidfile")))) {
                    killLog.add("kill " + (k + 1) + ": no process to kill");
                    continue;
                }
                long t0 = System.nanoTime();
                if (!Processes.platformRestart(a.required("platform"), a.str("component", "cart"), a.str("restart-log", "/dev/null"))) {
                    killLog.add("kill " + (k + 1) + ": restart FAILED");
                    continue;
                }
                restartSeconds.add((System.nanoTime() - t0) / 1e9);
                killLog.add(String.format(Locale.ROOT, "kill %d after %.1f s up, back in %.1f s", k + 1, upFor / 1000, restartSeconds.get(restartSeconds.size() - 1)));
                System.out.println(killLog.get(killLog.size() - 1));
            }
        } catch (Exception e) {
            killLog.add("killer failed: " + e);
            e.printStackTrace();
        } finally {
            stop.set(true);
        }
    }

    private void stopWhenTimeIsUp() {
        try {
            Thread.sleep(settings.maxDuration().toMillis());
        } catch (InterruptedException ignored) {
        }
        stop.set(true);
    }

    /** Triggers every job on every target at the same moment, again and again, until the load stops. */
    private void triggerJobsUntilStopped() {
        while (!stop.get()) {
            List<Thread> parallel = new ArrayList<>();
            for (Api t : jobTargets) {
                for (String job : List.of("expire-carts", "cleanup-inventory", "resolve-checkouts")) {
                    Thread th = new Thread(() -> stats.record("job " + job, t.admin("POST", "/admin/jobs/" + job, null), false));
                    th.start();
                    parallel.add(th);
                }
            }
            for (Thread th : parallel) {
                try {
                    th.join(60_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
            try {
                Thread.sleep(a.seconds("jobs-every", 1).toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void restockUntilStopped() {
        while (!stop.get()) {
            viaGateway().restock(5);
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Every instance answers, stalled checkouts resolved, trapped reservations returned once the claims
     * of killed jobs have run out ({@link ClaimedMoves}); one line per job run.
     */
    private List<String> settle(Db db) throws InterruptedException {
        List<String> settle = new ArrayList<>();
        List<Api> finalTargets = new ArrayList<>(jobTargets);
        if (finalTargets.isEmpty()) {
            finalTargets.add(api.withBase(a.required("gateway") + "/api"));
        }
        Thread.sleep(a.seconds("settle", 2).toMillis());
        settle.add(ClaimedMoves.awaitNone(db.db("cart")));
        for (Api t : finalTargets) {
            for (String job : List.of("resolve-checkouts", "cleanup-inventory")) {
                JobRuns.Ended ended = runToSuccess(t, job);
                settle.add(job + " → " + (ended.run() != null ? ended.run().path("state").asText() + " " + ended.run().path("counts")
                        : ended.trigger().status() + " " + ended.trigger().body()));
            }
        }
        return settle;
    }

    /** The job runs in the background: follow the run to its end before the invariant is checked; up to 30 attempts. */
    private static JobRuns.Ended runToSuccess(Api target, String job) throws InterruptedException {
        JobRuns.Ended ended = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            ended = JobRuns.runToEnd(target, "", job, "?olderThan=PT0S", 120_000);
            if (ended.succeeded()) {
                break;
            }
            Thread.sleep(1000);
        }
        return ended;
    }

    private Audit audit(Db db) {
        InvariantReport inv = StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.STRICT);
        List<String> ids = new ArrayList<>(viaGateway().approved);
        for (int i = 1; i < shoppers.size(); i++) {
            ids.addAll(shoppers.get(i).approved);
        }
        java.util.Set<String> complete = new java.util.HashSet<>();
        for (Document d : db.db("cart").getCollection("cart").find(in("_id", ids))) {
            if ("complete".equals(d.getString("status"))) {
                complete.add(d.getString("_id"));
            }
        }
        List<String> lost = new ArrayList<>();
        for (String id : ids) {
            if (!complete.contains(id)) {
                lost.add(id);
            }
        }
        return new Audit(inv, ids.size(), lost, OrderAudit.of(db.db("cart"), skus));
    }

    /** Prints and writes the result, the failed kills and the verdict line; the exit code. */
    private int report(Kills kills, List<String> settle, Audit audit) throws java.io.IOException {
        InvariantReport inv = audit.invariant();
        List<String> lost = audit.lost();
        List<Double> restartSeconds = kills.restartSeconds();
        boolean ok = inv.ok() && lost.isEmpty() && audit.orders().ok() && (settings.kills() == 0 || restartSeconds.size() >= settings.kills());
        String md = String.format(Locale.ROOT,
                "%d clients (%d target%s), %d hot skus (%s-*), %.0f s of load; SIGKILLs of the cart service: %d of %d done, restart to ready: %s.%n%n"
                        + "%s%nAfter the load: %s%n%n%s%n"
                        + "Checkouts acknowledged as approved: %d; of those not `complete` in the database: %d%s.%n%n%s.%n%n%s%n",
                settings.clients(), shoppers.size(), shoppers.size() > 1 ? "s" : "", skus.size(), settings.prefix(), stats.seconds(),
                restartSeconds.size(), settings.kills(),
                restartSeconds.isEmpty() ? "n/a" : String.format(Locale.ROOT, "mean %.1f s, max %.1f s",
                        restartSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                        restartSeconds.stream().mapToDouble(Double::doubleValue).max().orElse(0)),
                stats.table(), String.join("; ", settle), inv.table(12), audit.approved(), lost.size(),
                lost.isEmpty() ? "" : " (" + String.join(", ", lost.subList(0, Math.min(5, lost.size()))) + ")", audit.orders().sentence(),
                inv.summary());
        System.out.println(md);
        for (String k : kills.log()) {
            if (k.contains("FAIL") || k.contains("no process")) {
                System.out.println(k);
            }
        }
        ReservationBench.write(a, md);
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": " + inv.summary() + ", kills " + restartSeconds.size() + "/" + settings.kills()
                + ", approved checkouts not complete " + lost.size() + ", charges without their order " + audit.orders().withoutOrder().size()
                + ", orders without a charge " + audit.orders().withoutCharge().size());
        return ok ? 0 : 1;
    }
}

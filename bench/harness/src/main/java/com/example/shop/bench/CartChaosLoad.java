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

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        int clients = a.integer("clients", 32);
        int kills = a.integer("kills", 20);
        Duration maxDuration = a.seconds("seconds", 600);
        String prefix = a.str("prefix", "chaos-" + Long.toString(System.currentTimeMillis(), 36));
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, prefix, a.integer("skus", 10), a.integer("stock", 300), expected);

        Stats stats = new Stats();
        List<Carts> shoppers = new ArrayList<>();
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
        List<Api> jobTargets = new ArrayList<>();
        for (String j : a.str("jobs", "").split(",")) {
            if (!j.isBlank()) {
                jobTargets.add(api.withBase(j));
            }
        }

        AtomicBoolean stop = new AtomicBoolean();
        List<String> killLog = new ArrayList<>();
        List<Double> restartSeconds = new ArrayList<>();
        stats.start();
        Thread killer = new Thread(() -> {
            try {
                for (int k = 0; k < kills && !stop.get(); k++) {
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
        }, "killer");
        Thread jobs = new Thread(() -> {
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
        }, "jobs");
        Thread restocker = new Thread(() -> {
            while (!stop.get()) {
                viaGateway.restock(5);
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "restocker");
        if (kills > 0) {
            killer.start();
        } else {
            new Thread(() -> {
                try {
                    Thread.sleep(maxDuration.toMillis());
                } catch (InterruptedException ignored) {
                }
                stop.set(true);
            }).start();
        }
        if (!jobTargets.isEmpty()) {
            jobs.start();
        }
        restocker.start();
        Load.run(clients, maxDuration, Long.MAX_VALUE,
                c -> shoppers.get(c % shoppers.size()).session(), stop::get);
        stop.set(true);
        killer.join(300_000);
        jobs.join(120_000);
        restocker.join(60_000);
        stats.stop();

        // settle: every instance answers, stalled checkouts resolved, trapped reservations returned
        List<String> settle = new ArrayList<>();
        List<Api> finalTargets = new ArrayList<>(jobTargets);
        if (finalTargets.isEmpty()) {
            finalTargets.add(api.withBase(a.required("gateway") + "/api"));
        }
        Thread.sleep(a.seconds("settle", 2).toMillis());
        for (Api t : finalTargets) {
            for (String job : List.of("resolve-checkouts", "cleanup-inventory")) {
                // The job runs in the background: follow the run to its end before the invariant is checked.
                JobRuns.Ended ended = null;
                for (int attempt = 0; attempt < 30; attempt++) {
                    ended = JobRuns.runToEnd(t, "", job, "?olderThan=PT0S", 120_000);
                    if (ended.succeeded()) {
                        break;
                    }
                    Thread.sleep(1000);
                }
                settle.add(job + " → " + (ended.run() != null ? ended.run().path("state").asText() + " " + ended.run().path("counts")
                        : ended.trigger().status() + " " + ended.trigger().body()));
            }
        }
        InvariantReport inv;
        List<String> lost = new ArrayList<>();
        try (Db db = new Db(a.required("mongo"))) {
            inv = StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.STRICT);
            List<String> ids = new ArrayList<>(viaGateway.approved);
            for (int i = 1; i < shoppers.size(); i++) {
                ids.addAll(shoppers.get(i).approved);
            }
            java.util.Set<String> complete = new java.util.HashSet<>();
            for (Document d : db.db("cart").getCollection("cart").find(in("_id", ids))) {
                if ("complete".equals(d.getString("status"))) {
                    complete.add(d.getString("_id"));
                }
            }
            for (String id : ids) {
                if (!complete.contains(id)) {
                    lost.add(id);
                }
            }
            int approvedCount = ids.size();
            boolean ok = inv.ok() && lost.isEmpty() && (kills == 0 || restartSeconds.size() >= kills);
            String md = String.format(Locale.ROOT,
                    "%d clients (%d target%s), %d hot skus (%s-*), %.0f s of load; SIGKILLs of the cart service: %d of %d done, restart to ready: %s.%n%n"
                            + "%s%nAfter the load: %s%n%n%s%n"
                            + "Checkouts acknowledged as approved: %d; of those not `complete` in the database: %d%s.%n%n%s%n",
                    clients, shoppers.size(), shoppers.size() > 1 ? "s" : "", skus.size(), prefix, stats.seconds(), restartSeconds.size(), kills,
                    restartSeconds.isEmpty() ? "n/a" : String.format(Locale.ROOT, "mean %.1f s, max %.1f s",
                            restartSeconds.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                            restartSeconds.stream().mapToDouble(Double::doubleValue).max().orElse(0)),
                    stats.table(), String.join("; ", settle), inv.table(12), approvedCount, lost.size(),
                    lost.isEmpty() ? "" : " (" + String.join(", ", lost.subList(0, Math.min(5, lost.size()))) + ")", inv.summary());
            System.out.println(md);
            for (String k : killLog) {
                if (k.contains("FAIL") || k.contains("no process")) {
                    System.out.println(k);
                }
            }
            ReservationBench.write(a, md);
            System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": " + inv.summary() + ", kills " + restartSeconds.size() + "/" + kills
                    + ", approved checkouts not complete " + lost.size());
            return ok ? 0 : 1;
        }
    }
}

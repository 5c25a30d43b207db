package com.example.shop.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * bench/run scenario {@code drop}, part 1 (issue 18): how add-to-cart scales with the holders of one
 * hot sku, on the cart service directly (no gateway: its rate limits and proxying would hide the
 * service's own curve). One sku with plenty of stock; for each level N the sku's holders are topped
 * up to N (carts of 1 unit, made in parallel), then {@code --shoppers} clients each create a new cart
 * and add 1 unit of that sku, over and over, for {@code --seconds}: their carts stay holders too, so
 * the holders at the phase's start and end are both reported. A 409 too-many-holders (the first
 * model's cap) ends the curve there. Afterwards every holder is released by the jobs.
 */
final class HolderCurve {

    /** One level: its top-up, and the measured phase (no phase when the top-up met the holder cap). */
    record Phase(int level, String sku, HolderFill.Outcome fill, long holdersStart, long holdersEnd, Stats stats, String capped) {

        boolean measured() {
            return stats != null;
        }

        Stats.Op add() {
            return stats.op("add item (1 unit)");
        }

        double addsPerSecond() {
            return measured() ? add().ok.sum() / stats.seconds() : Double.NaN;
        }

        double addMs(double percentile) {
            return measured() ? add().latency.getValueAtPercentile(percentile) / 1000.0 : Double.NaN;
        }
    }

    /** The jobs' release of every holder after the curve: the expiry run's own seconds and what the sku holds after. */
    record Release(String expiry, String cleanup, SkuStock after) {
    }

    private HolderCurve() {
    }

    static int run(Args a) throws Exception {
        Api gateway = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 2);
        // Long timeout: reading the admin view of a sku with 50,000 holders reads 50,000 reservations.
        Api cart = new Api(a.required("cart"), a.required("token"), Duration.ofSeconds(120), 8);
        String prefix = a.str("prefix", "bench-holders-" + Long.toString(System.currentTimeMillis(), 36));
        int stock = a.integer("stock", 200_000);
        String sku = Fixtures.products(gateway, prefix, 1, stock, null).get(0);
        double[] warmRates = warmUp(a, gateway, cart, prefix, stock);
        List<Phase> phases = new ArrayList<>();
        for (int level : levels(a.str("levels", "100 1000 10000 50000"))) {
            // --sku-per-level: each level starts from no holder at all, instead of the holders the phases before it left
            if (a.flag("sku-per-level")) {
                sku = Fixtures.products(gateway, prefix + "-" + level, 1, stock, null).get(0);
            }
            Phase p = phase(a, cart, sku, level);
            phases.add(p);
            System.out.println(line(p));
            if (p.capped() != null) {
                break; // the first model refuses more holders: higher levels cannot be reached
            }
        }
        Release release = a.flag("release") ? release(cart, sku) : null;
        String md = markdown(a, sku, stock, warmRates, phases, release);
        System.out.println(md);
        ReservationBench.write(a, md);
        ReservationBench.writeJson(a, json(phases));
        String png = a.str("png", null);
        if (png != null) {
            CurveChart.write(Path.of(png), "Add to cart against holders of one sku (cart service direct)", points(phases));
        }
        System.out.println(result(phases));
        boolean broken = phases.stream().anyMatch(p -> p.measured() && p.stats().totalErrors() > 0);
        return broken ? 1 : 0;
    }

    static List<Integer> levels(String spec) {
        List<Integer> out = new ArrayList<>();
        for (String s : spec.trim().split("[ ,]+")) {
            if (!s.isEmpty()) {
                out.add(Integer.parseInt(s));
            }
        }
        return out;
    }

    /**
     * The same shoppers for {@code --warmup} seconds on a sku of their own, not recorded in the curve:
     * the cart service has just been restarted for it, and the first level would otherwise measure
     * its JIT compiler and look slow, flattering every ratio against it. Returns the adds/s of the
     * warm-up's two halves: a second half well above the first means it was still warming.
     */
    static double[] warmUp(Args a, Api gateway, Api cart, String prefix, int stock) throws InterruptedException {
        Duration warmup = a.seconds("warmup", 60);
        if (warmup.isZero()) {
            return new double[0];
        }
        String warmSku = Fixtures.products(gateway, prefix + "-warm", 1, stock, null).get(0);
        double[] rates = new double[2];
        for (int half = 0; half < 2; half++) {
            Stats warm = new Stats();
            warm.start();
            Load.run(a.integer("shoppers", 8), warmup.dividedBy(2), Long.MAX_VALUE, c -> {
                HolderFill.newHolder(cart, "", warmSku, warm);
                return 2;
            });
            warm.stop();
            rates[half] = warm.op("add item (1 unit)").ok.sum() / warm.seconds();
        }
        System.out.printf(Locale.ROOT, "warm-up on %s: %.1f adds/s in the first half, %.1f in the second%n", warmSku, rates[0], rates[1]);
        return rates;
    }

    /** Tops the holders up to {@code level}, then measures the shoppers for {@code --seconds}. */
    static Phase phase(Args a, Api cart, String sku, int level) throws InterruptedException {
        SkuStock before = SkuStock.await(cart, "", sku, 120);
        HolderFill.Outcome fill = HolderFill.topUp(cart, "", sku, level - before.holders(), a.integer("fill-threads", 16),
                a.seconds("fill-max-seconds", 900));
        System.out.printf(Locale.ROOT, "level %d: %d holders before, %d made in %.1f s (%d failed)%n", level, before.holders(),
                fill.made(), fill.seconds(), fill.failed());
        if (fill.capped() != null) {
            return new Phase(level, sku, fill, before.holders() + fill.made(), before.holders() + fill.made(), null, fill.capped());
        }
        long start = SkuStock.await(cart, "", sku, 120).holders();
        Stats stats = new Stats();
        AtomicReference<String> capped = new AtomicReference<>();
        stats.start();
        Load.run(a.integer("shoppers", 8), a.seconds("seconds", 30), Long.MAX_VALUE, c -> {
            Api.Response r = HolderFill.newHolder(cart, "", sku, stats);
            if (HolderFill.HOLDER_CAP.equals(r.problem())) {
                capped.compareAndSet(null, r.json().path("detail").asText(r.body()));
            }
            return 2;
        }, () -> capped.get() != null);
        stats.stop();
        long end = SkuStock.await(cart, "", sku, 120).holders();
        return new Phase(level, sku, fill, start, end, stats, capped.get());
    }

    /** Every cart expired and trapped reservations cleaned up at once (olderThan=PT0S: the load has stopped). */
    static Release release(Api cart, String sku) throws InterruptedException {
        JobRuns.Ended expiry = JobRuns.runToEnd(cart, "", "expire-carts", "?olderThan=PT0S", 900_000);
        JobRuns.Ended cleanup = JobRuns.runToEnd(cart, "", "cleanup-inventory", "?olderThan=PT0S", 900_000);
        return new Release(describe(expiry), describe(cleanup), SkuStock.read(cart, "", sku));
    }

    static String describe(JobRuns.Ended e) {
        if (e.run() == null) {
            return e.trigger() == null ? "not started" : e.trigger().status() + " " + e.trigger().body();
        }
        return String.format(Locale.ROOT, "%s in %.1f s, counts %s", e.run().path("state").asText(), e.seconds(), e.run().path("counts"));
    }

    static String line(Phase p) {
        if (!p.measured()) {
            return String.format(Locale.ROOT, "level %d: not measured, %s", p.level(), p.capped());
        }
        return String.format(Locale.ROOT, "level %d: holders %d → %d, %.1f adds/s, p50 %.1f ms, p99 %.1f ms%s", p.level(),
                p.holdersStart(), p.holdersEnd(), p.addsPerSecond(), p.addMs(50), p.addMs(99),
                p.capped() == null ? "" : ", too-many-holders: " + p.capped());
    }

    /** The figures bench/run reads: per level {@code adds_per_s_<N>}, p50, p99 and holders; {@code capped_level}. */
    static String result(List<Phase> phases) {
        StringBuilder sb = new StringBuilder("RESULT holder-curve");
        String cappedLevel = "none";
        for (Phase p : phases) {
            if (p.measured()) {
                sb.append(String.format(Locale.ROOT, " adds_per_s_%d=%.1f add_p50_ms_%d=%.1f add_p99_ms_%d=%.1f holders_start_%1$d=%d holders_end_%1$d=%d",
                        p.level(), p.addsPerSecond(), p.level(), p.addMs(50), p.level(), p.addMs(99), p.holdersStart(), p.holdersEnd()));
                sb.append(" errors_").append(p.level()).append('=').append(p.stats().totalErrors());
            }
            if (p.capped() != null) {
                cappedLevel = String.valueOf(p.level());
                sb.append(" capped_holders=").append(p.holdersEnd());
            }
        }
        return sb.append(" capped_level=").append(cappedLevel).toString();
    }

    static List<CurveChart.Point> points(List<Phase> phases) {
        return phases.stream().filter(Phase::measured)
                .map(p -> new CurveChart.Point(p.holdersStart(), p.holdersEnd(), p.addsPerSecond(), p.addMs(99))).toList();
    }

    static Map<String, Object> json(List<Phase> phases) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<Map<String, Object>> list = new ArrayList<>();
        for (Phase p : phases) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("level", p.level());
            m.put("sku", p.sku());
            m.put("fill", Map.of("made", p.fill().made(), "failed", p.fill().failed(), "seconds", p.fill().seconds()));
            m.put("holders_start", p.holdersStart());
            m.put("holders_end", p.holdersEnd());
            if (p.measured()) {
                m.put("adds_per_s", p.addsPerSecond());
                m.put("add_p50_ms", p.addMs(50));
                m.put("add_p99_ms", p.addMs(99));
            }
            m.put("capped", p.capped());
            list.add(m);
        }
        out.put("phases", list);
        return out;
    }

    static String markdown(Args a, String sku, int stock, double[] warmRates, List<Phase> phases, Release release) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "The cart service directly (`%s`, no gateway); %s with %,d units. After a warm-up of %s s (the same shoppers "
                        + "on a sku of their own, not recorded: %s), for each level the sku's holders are first "
                        + "topped up to it (carts of 1 unit each, created through the cart API by %d threads, at most %s s), then %d shoppers, "
                        + "each creating a new cart and adding 1 unit, over and over, for %s s; their carts stay holders, so the holders "
                        + "grow during the phase (start → end, read from `GET /admin/inventory/{sku}`).%n%n",
                a.required("cart"), a.flag("sku-per-level") ? "a sku of its own for each level (`" + sku.replaceAll("-\\d+-0$", "")
                        + "-<level>-0`), each starting with no holder," : "one sku (`" + sku + "`)", stock, a.str("warmup", "60"), warmRates.length < 2 ? "none"
                        : String.format(Locale.ROOT, "%.1f adds/s in its first half, %.1f in its second", warmRates[0], warmRates[1]),
                a.integer("fill-threads", 16), a.str("fill-max-seconds", "900"),
                a.integer("shoppers", 8), a.str("seconds", "30")));
        sb.append("| level | top-up: carts made (failed) · s | holders start → end | adds | adds/s | add p50 ms | add p99 ms | errors |\n")
                .append("|---:|---|---|---:|---:|---:|---:|---:|\n");
        for (Phase p : phases) {
            sb.append(row(p));
        }
        sb.append('\n').append(ratios(phases));
        for (Phase p : phases) {
            if (p.capped() != null) {
                sb.append(String.format(Locale.ROOT, "%n**409 too-many-holders at level %,d** (%,d holders): `%s`. The curve stops there; "
                        + "higher levels were not measured.%n", p.level(), p.holdersEnd(), p.capped()));
            }
        }
        if (release != null) {
            sb.append(String.format(Locale.ROOT, "%nAfterwards every holder was released: `expire-carts?olderThan=PT0S` %s; "
                    + "`cleanup-inventory?olderThan=PT0S` %s; the sku then: %s.%n", release.expiry(), release.cleanup(),
                    release.after() == null ? "not read" : release.after().describe()));
        }
        return sb.toString();
    }

    private static String row(Phase p) {
        String fill = String.format(Locale.ROOT, "%,d (%d) · %.1f%s", p.fill().made(), p.fill().failed(), p.fill().seconds(),
                p.fill().timedOut() ? " (time bound hit)" : "");
        if (!p.measured()) {
            return String.format(Locale.ROOT, "| %,d | %s | %,d | — | — | — | — | — |%n", p.level(), fill, p.holdersStart());
        }
        Stats.Op add = p.add();
        return String.format(Locale.ROOT, "| %,d | %s | %,d → %,d | %d | **%.1f** | %.1f | %.1f | %d |%n", p.level(), fill,
                p.holdersStart(), p.holdersEnd(), add.ok.sum(), p.addsPerSecond(), p.addMs(50), p.addMs(99), p.stats().totalErrors());
    }

    /** adds/s of each later level over the first's. */
    private static String ratios(List<Phase> phases) {
        if (phases.isEmpty() || !phases.get(0).measured()) {
            return "";
        }
        Phase base = phases.get(0);
        StringBuilder sb = new StringBuilder();
        for (Phase p : phases.subList(1, phases.size())) {
            if (p.measured()) {
                sb.append(String.format(Locale.ROOT, "adds/s at level %,d ÷ at %,d: **%.2f**. ", p.level(), base.level(),
                        p.addsPerSecond() / base.addsPerSecond()));
            }
        }
        return sb.length() == 0 ? "" : sb.append('\n').toString();
    }
}

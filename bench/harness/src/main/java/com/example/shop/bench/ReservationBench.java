package com.example.shop.bench;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench/run scenario 2: 64 shoppers over 10 hot skus with limited stock, through the gateway,
 * with a restocker; then the invariant read from the database. During the measured window it
 * also records the CPU time of every process named in {@code --pids}, the services' MongoDB
 * command counters and request timers ({@code --metrics}), and, with {@code --jfr DIR}, a Flight
 * Recorder profile of the processes in {@code --jfr-processes}.
 */
final class ReservationBench {

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        int clients = a.integer("clients", 64);
        int skuCount = a.integer("skus", 10);
        int stock = a.integer("stock", 200);
        Duration duration = a.seconds("seconds", 30);
        String label = a.str("label", "reservation");
        String prefix = a.str("prefix", "bench-hot-" + Long.toString(System.currentTimeMillis(), 36));
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, prefix, skuCount, stock, expected);
        Stats stats = new Stats();
        Carts carts = new Carts(api, stats, skus, expected);

        // warm-up (not recorded in the results): a few seconds of the same mix
        Stats warm = new Stats();
        Carts warmCarts = new Carts(api, warm, skus, expected);
        Load.run(clients, a.seconds("warmup", 5), Long.MAX_VALUE, c -> warmCarts.session());

        Observed observed = Observed.from(a);
        observed.start();
        stats.start();
        Thread restocker = carts.restocking(duration);
        Load.run(clients, duration, Long.MAX_VALUE, c -> carts.session());
        restocker.join(60_000);
        stats.stop();
        Observed.Window window = observed.stop();

        InvariantReport inv;
        try (Db db = new Db(a.required("mongo"))) {
            inv = StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.STRICT);
        }
        long ops = stats.totalCount();
        Stats.Op add = stats.op("add item");
        String md = String.format(Locale.ROOT,
                "%d concurrent shoppers through the gateway, %d hot skus (%s-*) with %d units each, %.0f s measured after a %s s warm-up; "
                        + "409 insufficient-inventory and 402 declined are expected answers, not errors; a restock of 10 units every 250 ms.%n%n",
                clients, skuCount, prefix, stock, stats.seconds(), a.str("warmup", "5"))
                + stats.table() + "\n"
                + "CPU time of each process during the measured window (" + ops + " operations):\n\n"
                + Observed.cpuTable(window, ops, "operation") + "\n"
                + commandsTable(window, ops) + "\n"
                + "Invariant after the run, read from the `cart` database:\n\n" + inv.table(12) + "\n"
                + inv.summary() + "\n";
        System.out.println(md);
        write(a, md);
        writeJson(a, json(label, stats, window, inv));
        StringBuilder result = new StringBuilder("RESULT reservation label=" + label);
        result.append(String.format(Locale.ROOT, " ops_per_s=%.1f p50_ms=%s p99_ms=%s add_ops_per_s=%.1f add_p50_ms=%s add_p99_ms=%s",
                ops / stats.seconds(), Stats.ms(stats.total().getValueAtPercentile(50)), Stats.ms(stats.total().getValueAtPercentile(99)),
                add.count() / stats.seconds(), Stats.ms(add.latency.getValueAtPercentile(50)), Stats.ms(add.latency.getValueAtPercentile(99))));
        window.cpuMillis().forEach((name, ms) -> result.append(String.format(Locale.ROOT, " cpu_ms_per_op_%s=%.3f",
                name.replace(' ', '_'), ops == 0 ? 0 : ms / ops)));
        result.append(" errors=").append(stats.totalErrors()).append(" oversold=").append(inv.oversold())
                .append(" invariant=").append(inv.ok() ? "holds" : "FAILS").append(" recordings=").append(window.recordings().size());
        System.out.println(result);
        return inv.ok() && stats.totalErrors() == 0 ? 0 : 1;
    }

    /** MongoDB commands sent by each service in the window, per operation of the mix, and their mean time. */
    static String commandsTable(Observed.Window w, long ops) {
        if (w.mongoCounts().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("MongoDB commands sent by each service during the window (the services' own counters, "
                + "`mongodb_driver_commands_seconds`), per operation of the mix and with the mean time the service waited for each:\n\n"
                + "| service | command collection | commands | per operation | mean ms |\n|---|---|---:|---:|---:|\n");
        w.mongoCounts().forEach((service, counts) -> counts.forEach((key, n) -> {
            double s = w.mongoSeconds().getOrDefault(service, Map.of()).getOrDefault(key, 0.0);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.2f | %.2f |%n", service, key, n, n / Math.max(1, ops),
                    n == 0 ? 0 : 1000 * s / n));
        }));
        double calls = w.delta("cart", "http_client_requests_seconds_count", l -> l.getOrDefault("uri", "").startsWith("/products"));
        double callSeconds = w.delta("cart", "http_client_requests_seconds_sum", l -> l.getOrDefault("uri", "").startsWith("/products"));
        if (calls > 0) {
            sb.append(String.format(Locale.ROOT, "%nThe cart service's calls to the catalog (`GET /products/{sku}`, REST client timer): "
                    + "%.0f, mean %.2f ms.%n", calls, 1000 * callSeconds / calls));
        }
        return sb.toString();
    }

    /** The window's figures as JSON, for the profile report. */
    static Map<String, Object> json(String label, Stats stats, Observed.Window w, InvariantReport inv) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("label", label);
        out.put("seconds", stats.seconds());
        out.put("operations", stats.totalCount());
        Map<String, Object> ops = new LinkedHashMap<>();
        for (Stats.Op op : stats.ops()) {
            ops.put(op.name, opJson(op));
        }
        out.put("ops", ops);
        out.put("cpu_ms", w.cpuMillis());
        Map<String, Object> mongo = new LinkedHashMap<>();
        w.mongoCounts().forEach((service, counts) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            counts.forEach((key, n) -> m.put(key, Map.of("count", n,
                    "seconds", w.mongoSeconds().getOrDefault(service, Map.of()).getOrDefault(key, 0.0))));
            mongo.put(service, m);
        });
        out.put("mongo", mongo);
        Map<String, Object> servers = new LinkedHashMap<>();
        for (String service : w.after().keySet()) {
            Map<String, Object> routes = new LinkedHashMap<>();
            Map<String, Double> before = w.before().get(service).group("http_server_requests_seconds_count", l -> true, ReservationBench::route);
            Map<String, Double> after = w.after().get(service).group("http_server_requests_seconds_count", l -> true, ReservationBench::route);
            Map<String, Double> sBefore = w.before().get(service).group("http_server_requests_seconds_sum", l -> true, ReservationBench::route);
            Map<String, Double> sAfter = w.after().get(service).group("http_server_requests_seconds_sum", l -> true, ReservationBench::route);
            Metrics.diff(before, after).forEach((route, n) -> routes.put(route, Map.of("count", n,
                    "seconds", sAfter.getOrDefault(route, 0.0) - sBefore.getOrDefault(route, 0.0))));
            servers.put(service, routes);
        }
        out.put("http_server", servers);
        java.util.function.Predicate<Map<String, String>> catalogCall = l -> l.getOrDefault("uri", "").startsWith("/products");
        out.put("catalog_calls", Map.of("count", w.delta("cart", "http_client_requests_seconds_count", catalogCall),
                "seconds", w.delta("cart", "http_client_requests_seconds_sum", catalogCall)));
        out.put("invariant", inv.ok() ? "holds" : "FAILS");
        out.put("recordings", w.recordings().stream().map(Path::toString).toList());
        return out;
    }

    static String route(Map<String, String> labels) {
        return labels.getOrDefault("method", "?") + " " + labels.getOrDefault("uri", "?");
    }

    static Map<String, Object> opJson(Stats.Op op) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", op.count());
        m.put("ok", op.ok.sum());
        m.put("rejected", op.rejected.sum());
        m.put("errors", op.errors.sum());
        m.put("mean_ms", op.latency.getMean() / 1000);
        m.put("p50_ms", op.latency.getValueAtPercentile(50) / 1000.0);
        m.put("p99_ms", op.latency.getValueAtPercentile(99) / 1000.0);
        return m;
    }

    static void write(Args a, String md) throws IOException {
        String out = a.str("md", null);
        if (out != null) {
            Files.writeString(Path.of(out), md);
        }
    }

    static void writeJson(Args a, Object value) throws IOException {
        String out = a.str("json", null);
        if (out != null) {
            Files.writeString(Path.of(out), Api.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(value));
        }
    }
}

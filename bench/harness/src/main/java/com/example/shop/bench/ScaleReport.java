package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * bench/run's {@code scale} scenario (issue 19), {@code scale-report}: the section of the result file
 * and the figures of its summary, from what the script measured per profile.
 *
 * <ul>
 *   <li>{@code --reads}: TSV, one wrk run a line: profile, round, query, catalog CPU ticks, gateway CPU
 *       ticks, wrk's JSON ({@code lib/wrk-report.lua});</li>
 *   <li>{@code --profiles}: TSV, profile, key, value (store size, load time, RSS, restarts, freshness…);</li>
 *   <li>{@code --work}: the directory of each profile's {@code scale-<profile>-queries.tsv} and
 *       {@code scale-<profile>-fresh.md}.</li>
 * </ul>
 * Each query's figure in a profile is the median of its rounds (the queries run in turn, round after
 * round); its ratio to the one-product reads is the median over the rounds of (its req/s ÷ the
 * one-product req/s of the same round). Writes {@code --md} and {@code --facts} (key TAB value).
 */
final class ScaleReport {

    static final List<String> QUERIES = List.of("product", "category", "jazz", "facets", "q", "option_facets", "option_filter");
    /** Issue 19's four list queries, whose worst p99 is one summary row (issue 58's two have rows of their own). */
    private static final List<String> ISSUE_19 = List.of("category", "jazz", "facets", "q");
    private static final Map<String, String> LABEL = Map.of("product", "one product", "category", "category page",
            "jazz", "jazz-albums list", "facets", "category page + 4 facets", "q", "free-text `q`",
            "option_facets", "Apparel category page + 4 facets + size, colour", "option_filter", "size, colour and inStock in a category");

    private ScaleReport() {
    }

    record Run(String profile, int round, String query, long catalogTicks, long gatewayTicks, JsonNode wrk) {
        double rps() {
            double us = wrk.path("duration_us").asDouble(0);
            return us > 0 ? wrk.path("requests").asDouble() * 1e6 / us : 0;
        }

        long errors() {
            return wrk.path("non2xx").asLong() + wrk.path("connect_errors").asLong() + wrk.path("read_errors").asLong()
                    + wrk.path("write_errors").asLong() + wrk.path("timeouts").asLong();
        }
    }

    /** Per profile and query: the medians of its rounds. */
    record Figures(Map<String, Map<String, Double>> rps, Map<String, Map<String, Double>> p99, Map<String, Map<String, Double>> ratio,
                   long errors) {
        Double of(Map<String, Map<String, Double>> m, String profile, String query) {
            return m.getOrDefault(profile, Map.of()).get(query);
        }
    }

    static int run(Args a) throws Exception {
        List<String> order = Arrays.asList(a.required("order").trim().split("\\s+"));
        double hz = Double.parseDouble(a.str("clk-tck", "100"));
        Path work = Path.of(a.required("work"));
        List<Run> runs = readRuns(Path.of(a.required("reads")));
        Map<String, Map<String, String>> prof = readProfiles(Path.of(a.required("profiles")));
        List<String> measured = order.stream().filter(p -> runs.stream().anyMatch(r -> r.profile.equals(p))).toList();

        StringBuilder md = new StringBuilder();
        queriesTable(md, order, work);
        md.append(String.format(Locale.ROOT, "%n### 13b. Reads through the gateway%n%n"
                + "Each figure: the median of %s rounds (min–max of the rounds in brackets for req/s); \"÷ one product\" the median over "
                + "the rounds of the query's req/s ÷ the one-product req/s of the same round. CPU: each process's `/proc/<pid>/stat` "
                + "utime + stime during the run ÷ requests.%n%n", a.str("rounds", "?")));
        Figures fig = readsTable(md, runs, measured, hz);
        growthTable(md, order, prof, fig);
        for (String p : order) {
            Path f = work.resolve("scale-" + p + "-fresh.md");
            if (Files.exists(f)) {
                md.append("### 13d. Freshness across two replicas, ").append(p).append(" profile\n\n").append(Files.readString(f)).append('\n');
            }
        }
        Map<String, String> facts = facts(measured, prof, fig);
        Files.writeString(Path.of(a.required("md")), md.toString());
        StringBuilder f = new StringBuilder();
        facts.forEach((k, v) -> f.append(k).append('\t').append(v).append('\n'));
        Files.writeString(Path.of(a.required("facts")), f.toString());
        System.out.println("RESULT scale-report profiles=" + String.join(",", measured) + " facts=" + facts.size());
        return 0;
    }

    static List<Run> readRuns(Path file) throws Exception {
        List<Run> runs = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", 6);
                if (f.length == 6) {
                    runs.add(new Run(f[0], Integer.parseInt(f[1]), f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), Api.JSON.readTree(f[5])));
                }
            }
        }
        return runs;
    }

    static Map<String, Map<String, String>> readProfiles(Path file) throws Exception {
        Map<String, Map<String, String>> prof = new LinkedHashMap<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", 3);
                if (f.length == 3) {
                    prof.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], f[2]);
                }
            }
        }
        return prof;
    }

    private static void queriesTable(StringBuilder md, List<String> order, Path work) throws Exception {
        md.append("### 13a. The queries, picked from each loaded store\n\n| profile | query | what | products matched |\n|---|---|---|---:|\n");
        for (String p : order) {
            Path q = work.resolve("scale-" + p + "-queries.tsv");
            if (!Files.exists(q)) {
                continue;
            }
            for (String line : Files.readAllLines(q, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", 4);
                if (f.length == 4) {
                    md.append("| ").append(p).append(" | ").append(LABEL.getOrDefault(f[0], f[0])).append(" | ").append(f[3])
                            .append("<br>`GET ").append(f[1]).append("` | ").append(thousands(f[2])).append(" |\n");
                }
            }
        }
    }

    /** One row per profile and query; returns the medians. */
    static Figures readsTable(StringBuilder md, List<Run> runs, List<String> measured, double hz) {
        md.append("| profile | query | req/s (rounds) | ÷ one product | p50 ms | p99 ms (rounds' max) | catalog CPU µs/req | gateway CPU µs/req | non-2xx + socket errors |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        Figures fig = new Figures(new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), 0);
        long errorsAll = 0;
        for (String p : measured) {
            for (String q : QUERIES) {
                List<Run> rs = runs.stream().filter(r -> r.profile.equals(p) && r.query.equals(q)).toList();
                if (rs.isEmpty()) {
                    continue;
                }
                double rps = median(rs, Run::rps);
                double p99 = median(rs, r -> r.wrk.path("p99_us").asDouble() / 1000);
                long errors = rs.stream().mapToLong(Run::errors).sum();
                errorsAll += errors;
                List<Double> ratios = new ArrayList<>();
                for (Run r : rs) {
                    runs.stream().filter(o -> o.profile.equals(p) && o.round == r.round && o.query.equals("product") && o.rps() > 0)
                            .findFirst().ifPresent(o -> ratios.add(r.rps() / o.rps()));
                }
                Double ratio = ratios.isEmpty() ? null : medianOf(ratios);
                fig.rps.computeIfAbsent(p, k -> new LinkedHashMap<>()).put(q, rps);
                fig.p99.computeIfAbsent(p, k -> new LinkedHashMap<>()).put(q, p99);
                if (ratio != null) {
                    fig.ratio.computeIfAbsent(p, k -> new LinkedHashMap<>()).put(q, ratio);
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | **%,.0f** (%,.0f–%,.0f) | %s | %.1f | %.1f (%.1f) | %.0f | %.0f | %d |%n", p,
                        LABEL.get(q), rps, rs.stream().mapToDouble(Run::rps).min().orElse(0), rs.stream().mapToDouble(Run::rps).max().orElse(0),
                        q.equals("product") || ratio == null ? "—" : String.format(Locale.ROOT, "**%.2f**", ratio),
                        median(rs, r -> r.wrk.path("p50_us").asDouble() / 1000), p99,
                        rs.stream().mapToDouble(r -> r.wrk.path("p99_us").asDouble() / 1000).max().orElse(0),
                        median(rs, r -> perRequest(r.catalogTicks, r, hz)), median(rs, r -> perRequest(r.gatewayTicks, r, hz)), errors));
            }
        }
        String firstErr = runs.stream().map(r -> r.wrk.path("first_error").asText("")).filter(s -> !s.isEmpty()).findFirst().orElse("");
        if (!firstErr.isEmpty()) {
            md.append("\nFirst non-2xx answer: `").append(firstErr.replace("`", "'")).append("`\n");
        }
        return new Figures(fig.rps, fig.p99, fig.ratio, errorsAll);
    }

    private static double perRequest(long ticks, Run r, double hz) {
        double n = r.wrk.path("requests").asDouble();
        return n > 0 ? ticks * 1e6 / hz / n : 0;
    }

    /** One column per profile: how each figure grows with the catalog. */
    private static void growthTable(StringBuilder md, List<String> order, Map<String, Map<String, String>> prof, Figures fig) {
        md.append("\n### 13c. How the cost grows with the catalog\n\n| figure |");
        for (String p : order) {
            md.append(' ').append(p).append(" |");
        }
        md.append("\n|---|").append("---:|".repeat(order.size())).append('\n');
        row(md, order, "products · categories in the store", p -> thousands(get(prof, p, "products")) + " · " + thousands(get(prof, p, "categories")));
        row(md, order, "`./platform up --profile` (start, load the store through the import APIs), s", p -> get(prof, p, "up_seconds"));
        for (String q : QUERIES) {
            row(md, order, LABEL.get(q) + ", req/s (p99 ms)", p -> {
                Double r = fig.of(fig.rps, p, q);
                Double l = fig.of(fig.p99, p, q);
                return r == null ? "—" : String.format(Locale.ROOT, "%,.0f (%.1f)", r, l);
            });
        }
        row(md, order, "catalog VmRSS after the reads, MiB", p -> get(prof, p, "rss_mib"));
        row(md, order, "… of which anonymous (heap, metaspace, code, native) · file-backed (the mapped index), MiB",
                p -> get(prof, p, "rss_anon_mib") + " · " + get(prof, p, "rss_file_mib"));
        row(md, order, "… the catalog's committed Java heap (of -Xmx), MiB", p -> get(prof, p, "heap_committed_mib"));
        row(md, order, "… gateway · database VmRSS, MiB", p -> get(prof, p, "rss_gateway_mib") + " · " + get(prof, p, "rss_mongo_mib"));
        row(md, order, "search index on disk, MiB", p -> get(prof, p, "index_mib"));
        row(md, order, "idle catalog after the reads: CPU, % of a core (the database's meanwhile)",
                p -> get(prof, p, "idle_cpu_pct") + " (" + get(prof, p, "idle_db_cpu_pct") + ")");
        row(md, order, "… of which its search-index thread (feed, commits, trims) · its JIT compilers, % of a core",
                p -> get(prof, p, "idle_feed_cpu_pct") + " · " + get(prof, p, "idle_jit_cpu_pct"));
        row(md, order, "catalog restart → ready, s: median (each); `search-index` check", p -> get(prof, p, "restart_median")
                + " (" + get(prof, p, "restart_list") + "); " + get(prof, p, "search_index_check"));
        row(md, order, "second catalog replica: launch → ready (its index built from MongoDB), s", p -> get(prof, p, "second_ready_s"));
        row(md, order, "change on A visible on B: p50 · p99 · max ms", p -> get(prof, p, "fresh_p50_ms") + " · **" + get(prof, p, "fresh_p99_ms")
                + "** · " + get(prof, p, "fresh_max_ms"));
        row(md, order, "variant sold out on A gone from B's `inStock` listing: p50 · p99 · max ms", p -> get(prof, p, "sellout_p50_ms")
                + " · **" + get(prof, p, "sellout_p99_ms") + "** · " + get(prof, p, "sellout_max_ms"));
        row(md, order, "load average before → after the profile", p -> get(prof, p, "load_before") + " → " + get(prof, p, "load_after"));
        md.append('\n');
    }

    /** The summary's figures: the targets are read at the last profile measured (large by default). */
    static Map<String, String> facts(List<String> measured, Map<String, Map<String, String>> prof, Figures fig) {
        Map<String, String> facts = new LinkedHashMap<>();
        if (measured.isEmpty()) {
            return facts;
        }
        String top = measured.get(measured.size() - 1);
        String first = measured.get(0);
        facts.put("scale_top", top);
        facts.put("scale_first", first);
        for (String q : QUERIES) {
            put(facts, "scale_rps_" + q, fig.of(fig.rps, top, q), "%.0f");
            put(facts, "scale_p99_" + q, fig.of(fig.p99, top, q), "%.1f");
            put(facts, "scale_ratio_" + q, fig.of(fig.ratio, top, q), "%.2f");
            put(facts, "scale_first_rps_" + q, fig.of(fig.rps, first, q), "%.0f");
        }
        double worst = ISSUE_19.stream()
                .mapToDouble(q -> {
                    Double v = fig.of(fig.p99, top, q);
                    return v == null ? Double.NaN : v;
                }).max().orElse(Double.NaN);
        put(facts, "scale_p99_worst", Double.isNaN(worst) ? null : worst, "%.1f");
        if (measured.size() > 1) {
            put(facts, "scale_flat_category", quotient(fig.of(fig.rps, top, "category"), fig.of(fig.rps, first, "category")), "%.2f");
            put(facts, "scale_flat_product", quotient(fig.of(fig.rps, top, "product"), fig.of(fig.rps, first, "product")), "%.2f");
        }
        facts.put("scale_errors", String.valueOf(fig.errors));
        for (String k : List.of("rss_mib", "rss_anon_mib", "rss_file_mib", "heap_committed_mib", "idle_cpu_pct", "idle_db_cpu_pct", "idle_feed_cpu_pct", "idle_jit_cpu_pct", "restart_median", "restart_list", "search_index_check", "fresh_p99_ms", "fresh_not_seen", "fresh_not_on_a",
                "sellout_p99_ms", "sellout_not_seen", "sellouts",
                "second_ready_s")) {
            String v = prof.getOrDefault(top, Map.of()).get(k);
            if (v != null && !v.isEmpty()) {
                facts.put("scale_" + k, v);
            }
        }
        return facts;
    }

    private static Double quotient(Double x, Double y) {
        return x == null || y == null || y == 0 ? null : x / y;
    }

    private static void put(Map<String, String> facts, String key, Double v, String format) {
        if (v != null) {
            facts.put(key, String.format(Locale.ROOT, format, v));
        }
    }

    private static void row(StringBuilder md, List<String> order, String label, Function<String, String> cell) {
        md.append("| ").append(label).append(" |");
        for (String p : order) {
            md.append(' ').append(cell.apply(p)).append(" |");
        }
        md.append('\n');
    }

    private static String get(Map<String, Map<String, String>> prof, String p, String k) {
        String v = prof.getOrDefault(p, Map.of()).get(k);
        return v == null || v.isEmpty() ? "—" : v;
    }

    private static double median(List<Run> rs, java.util.function.ToDoubleFunction<Run> f) {
        return medianOf(rs.stream().map(r -> f.applyAsDouble(r)).toList());
    }

    static double medianOf(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String thousands(String n) {
        try {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(n.trim()));
        } catch (NumberFormatException e) {
            return n == null || n.isEmpty() ? "—" : n;
        }
    }
}

package com.example.shop.bench;

import static com.mongodb.client.model.Projections.include;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoCursor;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * bench/chaos {@code import-kill} (issue 17): a product import of a large file through the gateway;
 * once {@code --kill-at} of its lines are written, the catalog's JVM gets SIGKILL and is started
 * again with {@code ./platform restart catalog}. Then: the cut-off run must show {@code failed}
 * (not {@code running} forever); the same file imported again must succeed with no reject; and in
 * {@code catalog.products} every sku of the file must be there exactly once, and no sku twice.
 */
final class ImportKill {

    private ImportKill() {
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("post-timeout", 1800), 2);
        Path file = Path.of(a.required("file"));
        double killAt = Double.parseDouble(a.str("kill-at", "0.4"));
        long failedWaitNanos = a.seconds("failed-wait", 300).toNanos();
        long timeoutNanos = a.seconds("timeout", 1800).toNanos();
        Path pidFile = Path.of(a.required("pidfile"));
        List<String> problems = new ArrayList<>();
        StringBuilder md = new StringBuilder();

        Set<String> fileSkus = skus(file);
        long lines = fileSkus.size();
        System.err.printf(Locale.ROOT, "import-kill: %,d products in %s; SIGKILL of the catalog once %.0f%% are written%n",
                lines, file.getFileName(), killAt * 100);

        // 1. the import, cut off
        ImportRuns.Started first = ImportRuns.post(api, "/api", "catalog", file);
        if (!first.accepted()) {
            return verdict(false, "the import was not accepted: " + first.post().status() + " " + ImportBench.abbreviate(first.post().body()),
                    md, a);
        }
        JsonNode before = ImportRuns.follow(api, first.runPath(), System.nanoTime() + timeoutNanos, 100,
                r -> ImportRuns.done(r) >= killAt * lines);
        if (before == null || ImportRuns.ended(before)) {
            return verdict(false, "the import " + (before == null ? "could not be followed" : "ended before the kill (" + ImportRuns.describe(before)
                    + "): lower --kill-at"), md, a);
        }
        double cutAfter = (System.nanoTime() - first.postedAtNanos()) / 1e9;
        boolean killed = Processes.kill9(pidFile);
        System.err.printf(Locale.ROOT, "import-kill: SIGKILL after %.1f s at %s%n", cutAfter, ImportRuns.describe(before));
        if (!killed) {
            return verdict(false, "no catalog process to kill (" + pidFile + ")", md, a);
        }
        long restartStart = System.nanoTime();
        boolean restarted = Processes.platformRestart(a.required("platform"), "catalog", a.str("restart-log", "/dev/null"));
        double restartSeconds = (System.nanoTime() - restartStart) / 1e9;
        if (!restarted) {
            return verdict(false, "./platform restart catalog failed (see " + a.str("restart-log", "its log") + ")", md, a);
        }

        // 2. the cut-off run is marked failed when seen
        long seenStart = System.nanoTime();
        JsonNode after = ImportRuns.follow(api, first.runPath(), System.nanoTime() + failedWaitNanos, 500, r -> false);
        double failedAfter = (System.nanoTime() - seenStart) / 1e9;
        String cutState = after == null ? "unreadable" : after.path("state").asText("?");
        if (!"failed".equals(cutState)) {
            problems.add("the cut-off run is '" + cutState + "' " + Math.round(failedAfter) + " s after the restart, not 'failed'");
        }

        // 3. the same file again
        ImportRuns.Started second = ImportRuns.post(api, "/api", "catalog", file);
        JsonNode rerun = null;
        double rerunSeconds = 0;
        if (!second.accepted()) {
            problems.add("the rerun was not accepted: " + second.post().status() + " " + ImportBench.abbreviate(second.post().body()));
        } else {
            rerun = ImportRuns.follow(api, second.runPath(), System.nanoTime() + timeoutNanos, 200, r -> false);
            rerunSeconds = (System.nanoTime() - second.postedAtNanos()) / 1e9;
            if (rerun == null || !"succeeded".equals(rerun.path("state").asText())) {
                problems.add("the rerun did not succeed: " + ImportRuns.describe(rerun));
            } else if (ImportRuns.count(rerun, "rejected") != 0 || ImportRuns.done(rerun) != lines) {
                problems.add("the rerun rejected lines or missed some: " + ImportRuns.describe(rerun));
            }
        }

        // 4. the database: every sku of the file once, no sku twice
        Map<String, Integer> seen = new HashMap<>();
        long documents = 0;
        try (Db db = new Db(a.required("mongo")); MongoCursor<Document> c = db.db("catalog").getCollection("products")
                .find().projection(include("sku")).batchSize(5000).iterator()) {
            while (c.hasNext()) {
                documents++;
                seen.merge(String.valueOf(c.next().get("sku")), 1, Integer::sum);
            }
        }
        long fromFile = fileSkus.stream().filter(seen::containsKey).count();
        List<String> missing = fileSkus.stream().filter(s -> !seen.containsKey(s)).limit(5).toList();
        List<String> twice = seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).limit(5).toList();
        long duplicated = seen.values().stream().filter(n -> n > 1).count();
        if (fromFile != lines) {
            problems.add(String.format(Locale.ROOT, "%,d of the file's %,d products are in the catalog (missing e.g. %s)", fromFile, lines, missing));
        }
        if (duplicated > 0) {
            problems.add(String.format(Locale.ROOT, "%,d skus are stored more than once (e.g. %s)", duplicated, twice));
        }

        md.append(String.format(Locale.ROOT, "A product import of `%s` (%,d products) through the gateway; once %.0f%% of its lines were written the "
                + "catalog's JVM got `SIGKILL` and `./platform restart catalog` started it again; then the same file again.%n%n", file.getFileName(),
                lines, killAt * 100));
        md.append("| step | what was seen |\n|---|---|\n");
        md.append(String.format(Locale.ROOT, "| cut off after %.1f s | %s |%n", cutAfter, ImportRuns.describe(before)));
        md.append(String.format(Locale.ROOT, "| catalog restarted → ready | %.1f s |%n", restartSeconds));
        md.append(String.format(Locale.ROOT, "| the cut-off run, %.1f s after the restart | **%s** %s |%n", failedAfter, cutState, ImportRuns.describe(after)));
        md.append(String.format(Locale.ROOT, "| the same file again (%.1f s) | %s |%n", rerunSeconds, ImportRuns.describe(rerun)));
        md.append(String.format(Locale.ROOT, "| `catalog.products` | %,d documents; the file's skus present: **%,d of %,d**; skus stored twice: **%,d** |%n%n",
                documents, fromFile, lines, duplicated));
        return verdict(problems.isEmpty(), problems.isEmpty() ? "cut-off run failed, rerun complete, every product once" : String.join("; ", problems), md, a);
    }

    /** The skus of an NDJSON product file, in a set (a repeated sku would make the file itself wrong). */
    static Set<String> skus(Path file) throws java.io.IOException {
        Set<String> skus = new HashSet<>();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    String sku = Api.JSON.readTree(line).path("sku").asText();
                    if (!skus.add(sku)) {
                        throw new IllegalArgumentException("sku " + sku + " twice in " + file);
                    }
                }
            }
        }
        return skus;
    }

    private static int verdict(boolean pass, String why, StringBuilder md, Args a) throws java.io.IOException {
        md.append(pass ? "" : "**Failed**: " + why + "\n\n");
        String out = a.str("md", null);
        if (out != null) {
            Files.writeString(Path.of(out), md.toString());
        }
        System.out.println("VERDICT " + (pass ? "PASS" : "FAIL") + " " + why);
        return pass ? 0 : 1;
    }
}

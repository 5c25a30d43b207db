package com.example.shop.bench;

import static com.mongodb.client.model.Projections.include;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.MongoException;
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
 * {@code catalog.products} every product of the file must be there exactly once, no sku twice, and
 * every variant sku of the file (docs/design.md#variants) in the {@code skus} of exactly one product.
 */
final class ImportKill {

    private ImportKill() {
    }

    /** The case's knobs. */
    private record Settings(Path file, double killAt, long failedWaitNanos, long timeoutNanos, Path pidFile) {

        static Settings of(Args a) {
            return new Settings(Path.of(a.required("file")), Double.parseDouble(a.str("kill-at", "0.4")), a.seconds("failed-wait", 300).toNanos(),
                    a.seconds("timeout", 1800).toNanos(), Path.of(a.required("pidfile")));
        }
    }

    /** The import cut off by the kill: its run, what it showed at the kill, when, and the restart; {@code failure} when it could not be done. */
    private record Cut(ImportRuns.Started run, JsonNode before, double cutAfter, double restartSeconds, String failure) {

        static Cut failed(String failure) {
            return new Cut(null, null, 0, 0, failure);
        }
    }

    /** The cut-off run as seen after the restart, and how long after it. */
    private record CutRunSeen(JsonNode after, double failedAfter, String state) {
    }

    /** The same file imported again: its run (null when not accepted) and its duration. */
    private record Rerun(JsonNode run, double seconds) {
    }

    /**
     * The skus of a product file: each line's {@code sku} (its key), and its variants' skus ({@code
     * variants[].sku}; a line without variants is its own one variant).
     */
    record FileSkus(Set<String> keys, Set<String> variants) {
    }

    /**
     * {@code catalog.products} afterwards: its documents, the file's keys present, the keys stored
     * twice; the file's variant skus in the {@code skus} of exactly one product, the skus held twice
     * (by two products, or twice by one); examples of each.
     */
    private record Stored(long documents, long fromFile, long duplicated, List<String> missing, List<String> twice,
                          long variantsInOne, long skusTwice, List<String> variantsMissing, List<String> heldTwice) {
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("post-timeout", 1800), 2);
        Settings settings = Settings.of(a);
        List<String> problems = new ArrayList<>();
        StringBuilder md = new StringBuilder();

        FileSkus fileSkus = fileSkus(settings.file());
        long lines = fileSkus.keys().size();
        System.err.printf(Locale.ROOT, "import-kill: %,d products in %s; SIGKILL of the catalog once %.0f%% are written%n",
                lines, settings.file().getFileName(), settings.killAt() * 100);

        Cut cut = importAndKill(a, api, settings, lines);
        if (cut.failure() != null) {
            return verdict(false, cut.failure(), md, a);
        }
        CutRunSeen seen = cutRunAfterRestart(api, cut, settings, problems);
        Rerun rerun = importAgain(api, settings, lines, problems);
        Stored stored = stored(a.required("mongo"), fileSkus, problems);

        md.append(String.format(Locale.ROOT, "A product import of `%s` (%,d products) through the gateway; once %.0f%% of its lines were written the "
                + "catalog's JVM got `SIGKILL` and `./platform restart catalog` started it again; then the same file again.%n%n",
                settings.file().getFileName(), lines, settings.killAt() * 100));
        md.append("| step | what was seen |\n|---|---|\n");
        md.append(String.format(Locale.ROOT, "| cut off after %.1f s | %s |%n", cut.cutAfter(), ImportRuns.describe(cut.before())));
        md.append(String.format(Locale.ROOT, "| catalog restarted → ready | %.1f s |%n", cut.restartSeconds()));
        md.append(String.format(Locale.ROOT, "| the cut-off run, %.1f s after the restart | **%s** %s |%n", seen.failedAfter(), seen.state(),
                ImportRuns.describe(seen.after())));
        md.append(String.format(Locale.ROOT, "| the same file again (%.1f s) | %s |%n", rerun.seconds(), ImportRuns.describe(rerun.run())));
        md.append(String.format(Locale.ROOT, "| `catalog.products` | %,d documents; the file's skus present: **%,d of %,d**; skus stored twice: **%,d** |%n",
                stored.documents(), stored.fromFile(), lines, stored.duplicated()));
        md.append(String.format(Locale.ROOT, "| `catalog.products` `skus` | the file's variant skus in exactly one product: **%,d of %,d**; "
                + "skus held twice: **%,d** |%n%n", stored.variantsInOne(), fileSkus.variants().size(), stored.skusTwice()));
        return verdict(problems.isEmpty(), problems.isEmpty() ? "cut-off run failed, rerun complete, every product and every variant sku once"
                : String.join("; ", problems), md, a);
    }

    /** 1. the import, cut off: SIGKILL of the catalog once {@code --kill-at} of the lines are written, then its restart. */
    private static Cut importAndKill(Args a, Api api, Settings settings, long lines) throws Exception {
        ImportRuns.Started first = ImportRuns.post(api, "/api", "catalog", settings.file());
        if (!first.accepted()) {
            return Cut.failed("the import was not accepted: " + first.post().status() + " " + ImportBench.abbreviate(first.post().body()));
        }
        JsonNode before = ImportRuns.follow(api, first.runPath(), System.nanoTime() + settings.timeoutNanos(), 100,
                r -> ImportRuns.done(r) >= settings.killAt() * lines);
        if (before == null || ImportRuns.ended(before)) {
            return Cut.failed("the import " + (before == null ? "could not be followed" : "ended before the kill (" + ImportRuns.describe(before)
                    + "): lower --kill-at"));
        }
        double cutAfter = (System.nanoTime() - first.postedAtNanos()) / 1e9;
        boolean killed = Processes.kill9(settings.pidFile());
        System.err.printf(Locale.ROOT, "import-kill: SIGKILL after %.1f s at %s%n", cutAfter, ImportRuns.describe(before));
        if (!killed) {
            return Cut.failed("no catalog process to kill (" + inRepository(a, settings.pidFile().toString()) + ")");
        }
        long restartStart = System.nanoTime();
        boolean restarted = Processes.platformRestart(a.required("platform"), "catalog", a.str("restart-log", "/dev/null"));
        double restartSeconds = (System.nanoTime() - restartStart) / 1e9;
        if (!restarted) {
            return Cut.failed("./platform restart catalog failed (see " + inRepository(a, a.str("restart-log", "its log")) + ")");
        }
        return new Cut(first, before, cutAfter, restartSeconds, null);
    }

    /** A path as a result file shows it: from the repository's root, where a reader's checkout has it too. */
    private static String inRepository(Args a, String path) {
        Path root = Path.of(a.required("platform")).toAbsolutePath().getParent();
        Path file = Path.of(path).toAbsolutePath();
        return file.startsWith(root) ? root.relativize(file).toString() : path;
    }

    /** 2. the cut-off run is marked failed when seen. */
    private static CutRunSeen cutRunAfterRestart(Api api, Cut cut, Settings settings, List<String> problems) throws Exception {
        long seenStart = System.nanoTime();
        JsonNode after = ImportRuns.follow(api, cut.run().runPath(), System.nanoTime() + settings.failedWaitNanos(), 500, r -> false);
        double failedAfter = (System.nanoTime() - seenStart) / 1e9;
        String cutState = after == null ? "unreadable" : after.path("state").asText("?");
        if (!"failed".equals(cutState)) {
            problems.add("the cut-off run is '" + cutState + "' " + Math.round(failedAfter) + " s after the restart, not 'failed'");
        }
        return new CutRunSeen(after, failedAfter, cutState);
    }

    /** 3. the same file again: it must succeed with no reject. */
    private static Rerun importAgain(Api api, Settings settings, long lines, List<String> problems) throws Exception {
        ImportRuns.Started second = ImportRuns.post(api, "/api", "catalog", settings.file());
        if (!second.accepted()) {
            problems.add("the rerun was not accepted: " + second.post().status() + " " + ImportBench.abbreviate(second.post().body()));
            return new Rerun(null, 0);
        }
        JsonNode rerun = ImportRuns.follow(api, second.runPath(), System.nanoTime() + settings.timeoutNanos(), 200, r -> false);
        double rerunSeconds = (System.nanoTime() - second.postedAtNanos()) / 1e9;
        if (rerun == null || !"succeeded".equals(rerun.path("state").asText())) {
            problems.add("the rerun did not succeed: " + ImportRuns.describe(rerun));
        } else if (ImportRuns.count(rerun, "rejected") != 0 || ImportRuns.done(rerun) != lines) {
            problems.add("the rerun rejected lines or missed some: " + ImportRuns.describe(rerun));
        }
        return new Rerun(rerun, rerunSeconds);
    }

    /** 4. the database: every key of the file once, no key twice; every variant sku of the file in one product's skus, none twice. */
    private static Stored stored(String mongo, FileSkus file, List<String> problems) {
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Integer> held = new HashMap<>();
        long documents = 0;
        try (Db db = new Db(mongo); MongoCursor<Document> c = db.db("catalog").getCollection("products")
                .find().projection(include("sku", "skus")).batchSize(5000).iterator()) {
            while (c.hasNext()) {
                Document product = c.next();
                documents++;
                seen.merge(String.valueOf(product.get("sku")), 1, Integer::sum);
                for (Object sku : product.getList("skus", Object.class, List.of())) {
                    held.merge(String.valueOf(sku), 1, Integer::sum);
                }
            }
        } catch (MongoException e) {
            // a verdict with what the steps before found, rather than a stack trace that loses them
            problems.add("the catalog's products could not be read from the database: " + e);
            return new Stored(documents, 0, 0, List.of(), List.of(), 0, 0, List.of(), List.of());
        }
        Set<String> fileSkus = file.keys();
        long lines = fileSkus.size();
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
        long variantsInOne = file.variants().stream().filter(s -> held.getOrDefault(s, 0) == 1).count();
        List<String> variantsMissing = file.variants().stream().filter(s -> !held.containsKey(s)).limit(5).toList();
        List<String> heldTwice = held.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).limit(5).toList();
        long skusTwice = held.values().stream().filter(n -> n > 1).count();
        if (variantsInOne != file.variants().size()) {
            problems.add(String.format(Locale.ROOT, "%,d of the file's %,d variant skus are in exactly one product's skus (missing e.g. %s)",
                    variantsInOne, file.variants().size(), variantsMissing));
        }
        if (skusTwice > 0) {
            problems.add(String.format(Locale.ROOT, "%,d skus are held twice in products' skus (e.g. %s)", skusTwice, heldTwice));
        }
        return new Stored(documents, fromFile, duplicated, missing, twice, variantsInOne, skusTwice, variantsMissing, heldTwice);
    }

    /** The keys and variant skus of an NDJSON product file (a sku repeated would make the file itself wrong). */
    static FileSkus fileSkus(Path file) throws java.io.IOException {
        Set<String> keys = new HashSet<>();
        Set<String> variants = new HashSet<>();
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    JsonNode product = Api.JSON.readTree(line);
                    String sku = product.path("sku").asText();
                    if (!keys.add(sku)) {
                        throw new IllegalArgumentException("sku " + sku + " twice in " + file);
                    }
                    List<String> own = new ArrayList<>();
                    product.path("variants").forEach(variant -> own.add(variant.path("sku").asText()));
                    for (String variant : own.isEmpty() ? List.of(sku) : own) {
                        if (!variants.add(variant)) {
                            throw new IllegalArgumentException("variant sku " + variant + " twice in " + file);
                        }
                    }
                }
            }
        }
        return new FileSkus(keys, variants);
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

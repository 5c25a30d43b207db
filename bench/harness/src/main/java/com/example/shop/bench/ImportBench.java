package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * bench/run's {@code import} scenario, one run at a time (issue 17).
 *
 * <p>{@code import-run}: POSTs an NDJSON file to {@code /api/admin/<base>/import} through the
 * gateway and follows the run until it ended; times it from the POST to the run seen finished (and
 * by the run's own started_at → finished_at), samples the resident memory of the platform's
 * processes every {@code --sample-ms} (the largest), and records their CPU time and the MongoDB
 * commands each service sent (its own metrics). {@code export-run}: reads
 * {@code GET /api/admin/<base>/export} as it streams, counting lines, bytes and distinct keys.
 * Each prints one {@code RESULT} line for the script and writes a Markdown section.
 */
final class ImportBench {

    private ImportBench() {
    }

    /** What is imported: the file through {@code /api/admin/<base>/import}, under a label, and its size. */
    private record ImportFile(String base, String label, Path file, long lines, long bytes, long skus) {
    }

    /**
     * The import as measured: its run as last seen (null: not followed), the seconds from the POST to the run seen ended, the
     * processes' CPU and the services' commands over that window, and the resident memory sampled meanwhile.
     */
    private record Measured(JsonNode run, double seconds, Observed.Window window, Map<String, ImportRuns.Rss> rssMax, Map<String, Long> rssFirst,
                            int samples) {
    }

    static int importRun(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("post-timeout", 1800), 2);
        String base = a.required("base");
        String label = a.str("label", base);
        Path file = Path.of(a.required("file"));
        // the skus a catalog import creates (issue 58's skus/s); a stock or category file has none
        ImportFile imported = new ImportFile(base, label, file, ImportRuns.lines(file), Files.size(file),
                base.equals("catalog") ? ImportRuns.skus(file) : 0);
        Map<String, Long> pids = new LinkedHashMap<>();
        Metrics.namedList(a.str("pids", "")).forEach((k, v) -> pids.put(k, Long.parseLong(v)));
        Measured measured = importObserved(a, api, imported, pids, Observed.from(a));
        if (measured == null) {
            return 1;
        }
        printResult(imported, measured);
        write(a, importSection(imported, measured, a.integer("poll-ms", 100)));
        // --rejects-expected N: lines the store refuses on purpose (the bench platform's sample categories share
        // slugs with the seed's under other ids: each such line is a category-id-conflict, as it must be)
        long rejectsExpected = Long.parseLong(a.str("rejects-expected", "0"));
        JsonNode run = measured.run();
        boolean ok = "succeeded".equals(state(run)) && ImportRuns.count(run, "rejected") == rejectsExpected && ImportRuns.done(run) == imported.lines();
        return ok ? 0 : 1;
    }

    private static String state(JsonNode run) {
        return run == null ? "unknown" : run.path("state").asText("?");
    }

    /** POSTs the file and follows its run to its end, sampling memory and CPU meanwhile; null (the RESULT line printed) when not accepted. */
    private static Measured importObserved(Args a, Api api, ImportFile imported, Map<String, Long> pids, Observed observed) throws Exception {
        String base = imported.base();
        try (ImportRuns.RssSampler rss = new ImportRuns.RssSampler(pids, a.integer("sample-ms", 250))) {
            observed.start();
            ImportRuns.Started started = ImportRuns.post(api, "/api", base, imported.file());
            if (!started.accepted()) {
                System.err.println(imported.label() + ": POST /api/admin/" + base + "/import -> " + started.post().status() + " "
                        + started.post().errorKind() + ": " + abbreviate(started.post().body()));
                System.out.printf(Locale.ROOT, "RESULT import label=%s base=%s state=not-started status=%d%n", imported.label(), base,
                        started.post().status());
                return null;
            }
            long deadline = System.nanoTime() + a.seconds("timeout", 1800).toNanos();
            JsonNode run = ImportRuns.follow(api, started.runPath(), deadline, a.integer("poll-ms", 100), r -> false);
            double seconds = (System.nanoTime() - started.postedAtNanos()) / 1e9;
            Observed.Window window = observed.stop();
            rss.close();
            return new Measured(run, seconds, window, rss.max(), rss.firstKb(), rss.samples());
        }
    }

    /** The RESULT line the script reads, and the run described on stderr. */
    private static void printResult(ImportFile imported, Measured measured) {
        JsonNode run = measured.run();
        double seconds = measured.seconds();
        StringBuilder result = new StringBuilder(String.format(Locale.ROOT,
                "RESULT import label=%s base=%s state=%s lines=%d read=%d created=%d updated=%d unchanged=%d rejected=%d "
                        + "seconds=%.2f per_s=%.0f run_seconds=%.2f bytes=%d skus=%d skus_per_s=%.0f",
                imported.label(), imported.base(), state(run), imported.lines(), ImportRuns.count(run, "read"), ImportRuns.count(run, "created"),
                ImportRuns.count(run, "updated"), ImportRuns.count(run, "unchanged"), ImportRuns.count(run, "rejected"),
                seconds, ImportRuns.done(run) / seconds, runSeconds(run), imported.bytes(), imported.skus(), imported.skus() / seconds));
        measured.rssMax().forEach((name, rss) -> result.append(String.format(Locale.ROOT,
                " rss_max_mib_%s=%.0f rss_max_anon_mib_%s=%.0f rss_max_file_mib_%s=%.0f",
                name, rss.kb() / 1024.0, name, rss.anonKb() / 1024.0, name, rss.fileKb() / 1024.0)));
        Observed.Window window = measured.window();
        window.cpuMillis().forEach((name, ms) -> result.append(String.format(Locale.ROOT, " cpu_s_%s=%.1f",
                name.replace(' ', '_'), ms / 1000)));
        for (String service : window.mongoCounts().keySet()) {
            result.append(" mongo_commands_").append(service).append('=').append(window.commands(service));
        }
        System.out.println(result);
        System.err.println(imported.label() + ": " + ImportRuns.describe(run));
    }

    /** The Markdown section: the run's figures, memory, commands and CPU. */
    private static String importSection(ImportFile imported, Measured measured, int pollMs) {
        JsonNode run = measured.run();
        double seconds = measured.seconds();
        long done = ImportRuns.done(run);
        double runSeconds = runSeconds(run);
        Observed.Window window = measured.window();
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "**%s** — `POST /api/admin/%s/import` of `%s` (%,d lines, %.1f MiB) through the gateway, "
                        + "followed every %d ms until it ended.%n%n", imported.label(), imported.base(), imported.file().getFileName(), imported.lines(),
                imported.bytes() / 1048576.0, pollMs));
        md.append("| figure | value |\n|---|---:|\n");
        md.append(String.format(Locale.ROOT, "| state | %s%s |%n", state(run), Runs.error(run) != null ? " (" + Runs.error(run) + ")" : ""));
        md.append(String.format(Locale.ROOT, "| lines read · created · updated · unchanged · rejected | %,d · %,d · %,d · %,d · %,d |%n",
                ImportRuns.count(run, "read"), ImportRuns.count(run, "created"), ImportRuns.count(run, "updated"),
                ImportRuns.count(run, "unchanged"), ImportRuns.count(run, "rejected")));
        md.append(String.format(Locale.ROOT, "| POST → run seen finished | %.2f s |%n", seconds));
        md.append(String.format(Locale.ROOT, "| the run's own started_at → finished_at | %s |%n",
                runSeconds > 0 ? String.format(Locale.ROOT, "%.2f s", runSeconds) : "—"));
        md.append(String.format(Locale.ROOT, "| lines per second (POST → finished) | **%,.0f** |%n", done / seconds));
        if (imported.skus() > 0) {
            md.append(String.format(Locale.ROOT, "| skus in the file (each line's variants, 1 for a line without) · per second | %,d · **%,.0f** |%n",
                    imported.skus(), imported.skus() / seconds));
        }
        for (Map.Entry<String, ImportRuns.Rss> e : measured.rssMax().entrySet()) {
            ImportRuns.Rss largest = e.getValue();
            md.append(String.format(Locale.ROOT, "| resident memory of %s: before → largest (%d samples) "
                            + "| %.0f → **%.0f MiB** (anonymous %.0f, file-backed %.0f) |%n", e.getKey(), measured.samples(),
                    measured.rssFirst().getOrDefault(e.getKey(), 0L) / 1024.0, largest.kb() / 1024.0,
                    largest.anonKb() / 1024.0, largest.fileKb() / 1024.0));
        }
        for (String service : window.mongoCounts().keySet()) {
            long commands = window.commands(service);
            md.append(String.format(Locale.ROOT, "| MongoDB commands sent by %s (per 1,000 lines) | %,d (%.1f) |%n", service, commands,
                    done == 0 ? 0 : 1000.0 * commands / done));
        }
        md.append('\n');
        if (!window.cpuMillis().isEmpty()) {
            md.append("CPU time during the import:\n\n").append(Observed.cpuTable(window, done, "line")).append('\n');
        }
        return md.toString();
    }

    static int exportRun(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), a.seconds("timeout", 300), 2);
        String base = a.required("base");
        String key = a.str("key", "sku");
        long expect = Long.parseLong(a.str("expect", "-1"));
        java.util.regex.Pattern needle = java.util.regex.Pattern.compile("\"" + key + "\"\\s*:\\s*\"([^\"]*)\"");
        long[] counts = new long[3]; // lines, bytes, malformed
        long[] firstByte = {0};
        Set<String> keys = new HashSet<>();
        long t0 = System.nanoTime();
        Api.Response r = api.stream("/api/admin/" + base + "/export", true, in -> {
            CountingStream counting = new CountingStream(in);
            BufferedReader reader = new BufferedReader(new InputStreamReader(counting, StandardCharsets.UTF_8), 1 << 16);
            String line;
            while ((line = reader.readLine()) != null) {
                if (counts[0] == 0) {
                    firstByte[0] = System.nanoTime();
                }
                if (line.isBlank()) {
                    continue;
                }
                counts[0]++;
                if (!line.startsWith("{") || !line.endsWith("}")) {
                    counts[2]++;
                }
                java.util.regex.Matcher found = needle.matcher(line);
                if (found.find()) {
                    keys.add(found.group(1));
                }
            }
            counts[1] = counting.count;
        });
        double seconds = (System.nanoTime() - t0) / 1e9;
        String type = r.contentType() == null ? "" : r.contentType();
        double firstMs = firstByte[0] == 0 ? 0 : (firstByte[0] - t0) / 1e6;
        System.out.printf(Locale.ROOT, "RESULT export base=%s status=%d lines=%d bytes=%d seconds=%.2f per_s=%.0f first_line_ms=%.0f "
                        + "distinct_keys=%d malformed=%d content_type=%s%n", base, r.status(), counts[0], counts[1], seconds,
                counts[0] / seconds, firstMs, keys.size(), counts[2], type.replace(' ', '_'));
        boolean ok = r.status() == 200 && type.startsWith(ImportRuns.NDJSON) && counts[2] == 0 && keys.size() == counts[0]
                && (expect < 0 || counts[0] == expect);
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "**export** — `GET /api/admin/%s/export` through the gateway, read as it streams.%n%n", base));
        md.append("| figure | value |\n|---|---:|\n");
        md.append(String.format(Locale.ROOT, "| status · Content-Type | %d · `%s` |%n", r.status(), type));
        md.append(String.format(Locale.ROOT, "| lines (expected) · distinct %s · not one JSON object | %,d (%s) · %,d · %,d |%n", key,
                counts[0], expect < 0 ? "—" : String.format(Locale.ROOT, "%,d", expect), keys.size(), counts[2]));
        md.append(String.format(Locale.ROOT, "| bytes | %,d (%.1f MiB) |%n", counts[1], counts[1] / 1048576.0));
        md.append(String.format(Locale.ROOT, "| first line after · whole export | %.0f ms · %.2f s |%n", firstMs, seconds));
        md.append(String.format(Locale.ROOT, "| lines per second | **%,.0f** |%n%n", counts[0] / seconds));
        if (!ok) {
            md.append("**Export check failed**").append(r.status() != 200 ? ": " + abbreviate(r.body()) : "").append("\n\n");
        }
        write(a, md.toString());
        return ok ? 0 : 1;
    }

    /** Seconds between the run's started_at and finished_at, or 0 when either is missing. */
    static double runSeconds(JsonNode run) {
        if (run == null || !run.hasNonNull("started_at") || !run.hasNonNull("finished_at")) {
            return 0;
        }
        try {
            return Duration.between(Instant.parse(run.path("started_at").asText()), Instant.parse(run.path("finished_at").asText()))
                    .toMillis() / 1000.0;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static void write(Args a, String md) throws java.io.IOException {
        String out = a.str("md", null);
        if (out != null) {
            Files.writeString(Path.of(out), md);
        }
    }

    static String abbreviate(String s) {
        return s == null ? "" : s.length() > 400 ? s.substring(0, 400) + "…" : s;
    }

    /** Counts the bytes read through it. */
    static final class CountingStream extends java.io.FilterInputStream {
        long count;

        CountingStream(java.io.InputStream in) {
            super(in);
        }

        @Override
        public int read() throws java.io.IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws java.io.IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}

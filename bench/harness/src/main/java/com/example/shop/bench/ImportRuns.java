package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The admin imports of issue 17: {@code POST <prefix>/admin/<base>/import} with an NDJSON file
 * answers 202 with the run and its {@code Location}; {@code GET} of that location follows it
 * (a {@link Runs run}: {@code state} running, succeeded or failed; its {@code counts}, among them
 * {@code bytes_read} of {@code bytes_total}). {@code base} is {@code catalog}, {@code categories} or {@code inventory};
 * {@code prefix} is {@code /api} through the gateway.
 */
final class ImportRuns {

    static final String NDJSON = "application/x-ndjson";

    /** A started run: the POST's answer and where the run is followed (null when the POST failed). */
    record Started(Api.Response post, String runPath, long postedAtNanos) {
        boolean accepted() {
            return post.status() == 202 && runPath != null;
        }
    }

    private ImportRuns() {
    }

    static Started post(Api api, String prefix, String base, Path file) {
        long t0 = System.nanoTime();
        Api.Response r = api.sendFile("POST", prefix + "/admin/" + base + "/import", file, NDJSON);
        return new Started(r, r.status() == 202 ? runPath(api.base, prefix, base, r) : null, t0);
    }

    /**
     * The path (on {@code api}'s base) of the run a 202 names: its {@code Location} as a path, or as an
     * absolute URL on the same host; else {@code <prefix>/admin/<base>/imports/<id>} from the body.
     */
    static String runPath(String apiBase, String prefix, String base, Api.Response accepted) {
        String location = accepted.header("Location");
        if (location != null && !location.isBlank()) {
            if (location.startsWith("/")) {
                return location;
            }
            URI uri = URI.create(location);
            if (apiBase.startsWith(uri.getScheme() + "://" + uri.getRawAuthority())) {
                String path = uri.getRawPath();
                String own = URI.create(apiBase).getRawPath();
                if (own != null && !own.isEmpty() && path.startsWith(own)) {
                    path = path.substring(own.length());
                }
                return path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            }
        }
        String id = accepted.json().path("id").asText("");
        return id.isEmpty() ? null : prefix + "/admin/" + base + "/imports/" + id;
    }

    static boolean ended(JsonNode run) {
        String state = run.path("state").asText();
        return "succeeded".equals(state) || "failed".equals(state);
    }

    /**
     * GETs the run every {@code everyMillis} until it has ended, {@code stopWhen} holds for it, or
     * the deadline passed (then the last view, or null if none was read). Failed GETs (a service
     * restarting) are retried until the deadline.
     */
    static JsonNode follow(Api api, String runPath, long deadlineNanos, long everyMillis, Predicate<JsonNode> stopWhen)
            throws InterruptedException {
        JsonNode last = null;
        while (System.nanoTime() < deadlineNanos) {
            Api.Response r = api.admin("GET", runPath, null);
            if (r.ok() && r.json().has("state")) {
                last = r.json();
                if (ended(last) || stopWhen.test(last)) {
                    return last;
                }
            }
            Thread.sleep(everyMillis);
        }
        return last;
    }

    static long count(JsonNode run, String name) {
        return Runs.count(run, name);
    }

    /** Lines the run has dealt with: created + updated + unchanged + rejected. */
    static long done(JsonNode run) {
        return count(run, "created") + count(run, "updated") + count(run, "unchanged") + count(run, "rejected");
    }

    /** The lines of an NDJSON file that are not blank. */
    static long lines(Path file) throws java.io.IOException {
        try (var in = Files.newBufferedReader(file)) {
            return in.lines().filter(l -> !l.isBlank()).count();
        }
    }

    /** The skus of a product file: each line's variants, or 1 for a line without (its key is its one sku). */
    static long skus(Path file) throws java.io.IOException {
        long skus = 0;
        try (var in = Files.newBufferedReader(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    int variants = line.contains("\"variants\"") ? Api.JSON.readTree(line).path("variants").size() : 0;
                    skus += Math.max(1, variants);
                }
            }
        }
        return skus;
    }

    /** One line of counts, for logs. */
    static String describe(JsonNode run) {
        if (run == null) {
            return "no run";
        }
        long total = count(run, "bytes_total");
        String error = Runs.error(run);
        return String.format(Locale.ROOT, "%s: read %d, created %d, updated %d, unchanged %d, rejected %d, %.0f%% of the bytes%s",
                run.path("state").asText("?"), count(run, "read"), count(run, "created"), count(run, "updated"),
                count(run, "unchanged"), count(run, "rejected"), total > 0 ? 100.0 * count(run, "bytes_read") / total : 0,
                error != null ? " (" + error + ")" : "");
    }

    /**
     * Resident memory of a process in KiB, from {@code /proc/<pid>/status}: the whole ({@code VmRSS}),
     * and of it the process's own memory ({@code RssAnon}: heap, metaspace, code, thread stacks) and
     * pages of mapped files ({@code RssFile}: the jars, and the catalog's search index, which Lucene
     * reads and writes through memory-mapped files).
     */
    record Rss(long kb, long anonKb, long fileKb) {
    }

    /**
     * Resident memory of processes sampled on a daemon thread: the largest {@code VmRSS} seen of each
     * (with its split at that sample), and the first. A process that is gone is no longer sampled.
     */
    static final class RssSampler implements AutoCloseable {

        private final Map<String, Long> pids;
        private final Map<String, Rss> max = new LinkedHashMap<>();
        private final Map<String, Long> firstKb = new LinkedHashMap<>();
        private final Thread thread;
        private volatile boolean running = true;
        private int samples;

        RssSampler(Map<String, Long> pids, long everyMillis) {
            this.pids = pids;
            sample();
            this.thread = new Thread(() -> {
                while (running) {
                    sample();
                    try {
                        Thread.sleep(everyMillis);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "rss-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        private synchronized void sample() {
            samples++;
            pids.forEach((name, pid) -> {
                Rss rss = rss(pid);
                if (rss.kb() > 0) {
                    firstKb.putIfAbsent(name, rss.kb());
                    max.merge(name, rss, (a, b) -> b.kb() > a.kb() ? b : a);
                }
            });
        }

        /** All zero when the process is gone (or this is not Linux). */
        static Rss rss(long pid) {
            long kb = 0;
            long anon = 0;
            long file = 0;
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        kb = kibOf(line);
                    } else if (line.startsWith("RssAnon:")) {
                        anon = kibOf(line);
                    } else if (line.startsWith("RssFile:")) {
                        file = kibOf(line);
                    }
                }
            } catch (java.io.IOException | NumberFormatException e) {
                return new Rss(0, 0, 0);
            }
            return new Rss(kb, anon, file);
        }

        private static long kibOf(String line) {
            return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }

        /** Each process's resident memory at the sample of its largest VmRSS. */
        synchronized Map<String, Rss> max() {
            return new LinkedHashMap<>(max);
        }

        synchronized Map<String, Long> firstKb() {
            return new LinkedHashMap<>(firstKb);
        }

        synchronized int samples() {
            return samples;
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.interrupt();
            thread.join(2000);
            sample();
        }
    }
}

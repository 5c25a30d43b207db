package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * {@code profile-report}: where an add-to-cart's time goes. Reads the Flight Recorder files of a
 * profiled reservation run ({@code --jfr DIR}, one {@code <process>.jfr} each) with the JDK's
 * {@code jdk.jfr.consumer} API and attributes every execution sample to a subsystem: walking the
 * stack from the running method down, the first frame outside the JDK names it (JDK code is
 * charged to the library that called it). Combines that with the services' own timers from the
 * unprofiled runs ({@code --durable}, {@code --memory} JSON of {@code reservation}) and the
 * commands an add costs ({@code --census} JSON) into one table.
 */
final class ProfileReport {

    /** Package prefix → subsystem, most specific first; the first match wins. */
    private static final String[][] SUBSYSTEMS = {
            {"de.bwaldvogel.mongo.", "mongo-java-server query/update"},
            {"com.example.shop.embeddedmongo.", "our code"},
            {"com.mongodb.", "MongoDB driver"},
            {"org.bson.", "BSON"},
            {"com.fasterxml.jackson.", "Jackson"},
            {"io.micrometer.", "Micrometer"},
            {"io.quarkus.micrometer.", "Micrometer"},
            {"org.jboss.resteasy.reactive.client.", "REST client"},
            {"io.quarkus.rest.client.", "REST client"},
            {"io.quarkus.restclient.", "REST client"},
            {"org.eclipse.microprofile.rest.client.", "REST client"},
            {"org.jboss.resteasy.", "RESTEasy"},
            {"io.quarkus.resteasy.", "RESTEasy"},
            {"io.quarkus.rest.", "RESTEasy"},
            {"jakarta.ws.rs.", "RESTEasy"},
            {"io.vertx.", "HTTP server / Vert.x / Netty"},
            {"io.netty.", "HTTP server / Vert.x / Netty"},
            {"io.quarkus.vertx.", "HTTP server / Vert.x / Netty"},
            {"io.quarkus.netty.", "HTTP server / Vert.x / Netty"},
            {"io.smallrye.faulttolerance.", "SmallRye Fault Tolerance"},
            {"io.quarkus.cache.", "cache (Caffeine)"},
            {"com.github.benmanes.caffeine.", "cache (Caffeine)"},
            {"org.jose4j.", "JWT"},
            {"io.smallrye.jwt.", "JWT"},
            {"io.quarkus.smallrye.jwt.", "JWT"},
            {"io.quarkus.security.", "security"},
            {"org.hibernate.validator.", "Bean Validation"},
            {"io.quarkus.hibernate.validator.", "Bean Validation"},
            {"org.jboss.logging.", "logging"},
            {"org.jboss.logmanager.", "logging"},
            {"io.quarkus.arc.", "Arc (CDI)"},
            {"io.smallrye.context.", "Arc (CDI)"},
            {"io.smallrye.mutiny.", "Mutiny"},
            {"io.smallrye.config.", "config"},
            {"org.jboss.threads.", "worker threads (jboss-threads)"},
            {"com.example.shop.", "our code"},
    };

    private static final String[] JDK = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    record Profile(String process, long samples, Map<String, Long> bySubsystem, Map<String, Long> byLeafMethod,
                   double gcPauseMs, long gcCount, long commitWaits, double commitWaitMs, double seconds) {
    }

    static int run(Args a) throws Exception {
        Path dir = Path.of(a.required("jfr"));
        List<Profile> profiles = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.jfr")) {
                List<Path> sorted = new ArrayList<>();
                files.forEach(sorted::add);
                sorted.sort(Comparator.comparing(p -> order(p.getFileName().toString())));
                for (Path f : sorted) {
                    profiles.add(read(f));
                }
            }
        }
        JsonNode durable = readJson(a.str("durable", null));
        JsonNode memory = readJson(a.str("memory", null));
        JsonNode profiled = readJson(a.str("profile", null));
        JsonNode census = readJson(a.str("census", null));

        StringBuilder md = new StringBuilder();
        if (durable == null && profiled != null) {
            // the reserve scenario did not run: the profiled run's timers are the best there are
            md.append("(No unprofiled reservation run: the timers below are those of the profiled run.)\n\n");
            durable = profiled;
        }
        md.append(whereTheTimeGoes(durable, memory, census));
        md.append(subsystemTable(profiles, profiled));
        System.out.println(md);
        ReservationBench.write(a, md.toString());
        System.out.println("RESULT profile-report recordings=" + profiles.size());
        return profiles.isEmpty() ? 1 : 0;
    }

    private static int order(String file) {
        List<String> known = List.of("gateway.jfr", "cart.jfr", "catalog.jfr", "mongo.jfr", "category.jfr");
        int i = known.indexOf(file);
        return i < 0 ? known.size() : i;
    }

    static Profile read(Path file) throws IOException {
        String process = file.getFileName().toString().replaceFirst("\\.jfr$", "");
        Map<String, Long> bySubsystem = new HashMap<>();
        Map<String, Long> byLeaf = new HashMap<>();
        long samples = 0;
        double gcMs = 0;
        long gcCount = 0;
        long commitWaits = 0;
        double commitWaitMs = 0;
        java.time.Instant first = null;
        java.time.Instant last = null;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                switch (type) {
                    case "jdk.ExecutionSample" -> {
                        samples++;
                        RecordedStackTrace st = e.getStackTrace();
                        bySubsystem.merge(subsystem(st), 1L, Long::sum);
                        if (st != null && !st.getFrames().isEmpty()) {
                            RecordedFrame top = st.getFrames().get(0);
                            byLeaf.merge(top.getMethod().getType().getName() + "." + top.getMethod().getName(), 1L, Long::sum);
                        }
                        first = first == null || e.getStartTime().isBefore(first) ? e.getStartTime() : first;
                        last = last == null || e.getStartTime().isAfter(last) ? e.getStartTime() : last;
                    }
                    case "jdk.GarbageCollection" -> {
                        gcCount++;
                        Duration pauses = e.getDuration("sumOfPauses");
                        gcMs += pauses.toNanos() / 1e6;
                    }
                    case "jdk.JavaMonitorEnter" -> {
                        RecordedClass monitor = e.getClass("monitorClass");
                        if (monitor != null && monitor.getName().endsWith("GroupCommit")) {
                            commitWaits++;
                            commitWaitMs += e.getDuration().toNanos() / 1e6;
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        double seconds = first == null ? 0 : Duration.between(first, last).toNanos() / 1e9;
        return new Profile(process, samples, bySubsystem, byLeaf, gcMs, gcCount, commitWaits, commitWaitMs, seconds);
    }

    /** The subsystem charged with one sample; see the class comment. */
    static String subsystem(RecordedStackTrace st) {
        if (st == null || st.getFrames().isEmpty()) {
            return "no stack";
        }
        boolean inCommit = false;
        for (RecordedFrame f : st.getFrames()) {
            String t = f.getMethod().getType().getName();
            String m = f.getMethod().getName();
            if (t.endsWith("embeddedmongo.GroupCommit")
                    || t.equals("org.h2.mvstore.MVStore") && (m.contains("ommit") || m.startsWith("store"))) {
                inCommit = true;
                break;
            }
        }
        for (RecordedFrame f : st.getFrames()) {
            String t = f.getMethod().getType().getName();
            if (isJdk(t)) {
                continue;
            }
            if (t.startsWith("org.h2.")) {
                return inCommit ? "H2 MVStore commit" : "H2 MVStore (reads, in-memory maps)";
            }
            for (String[] s : SUBSYSTEMS) {
                if (t.startsWith(s[0])) {
                    return s[1];
                }
            }
            String[] parts = t.split("\\.");
            return "other: " + (parts.length > 2 ? parts[0] + "." + parts[1] + "." + parts[2] : t);
        }
        return "JDK only (no library frame)";
    }

    private static boolean isJdk(String type) {
        for (String p : JDK) {
            if (type.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Processes as columns, subsystems as rows, % of each process's execution samples. */
    static String subsystemTable(List<Profile> profiles, JsonNode profiled) {
        if (profiles.isEmpty()) {
            return "**No Flight Recorder file was found**: the profile step did not run or `jcmd` could not reach the processes.\n\n";
        }
        StringBuilder sb = new StringBuilder();
        sb.append("### CPU by subsystem (Flight Recorder execution samples)\n\n");
        sb.append(howRecorded(profiled));
        sb.append("| subsystem |");
        profiles.forEach(p -> sb.append(' ').append(p.process()).append(" |"));
        sb.append("\n|---|");
        profiles.forEach(p -> sb.append("---:|"));
        sb.append('\n');
        sb.append(subsystemRows(profiles));
        sb.append("\n| **execution samples** |");
        profiles.forEach(p -> sb.append(' ').append(p.samples()).append(" |"));
        sb.append("\n| GC pauses (collections) |");
        profiles.forEach(p -> sb.append(String.format(Locale.ROOT, " %.0f ms (%d) |", p.gcPauseMs(), p.gcCount())));
        sb.append("\n\n");
        for (Profile p : profiles) {
            if (p.commitWaits() > 0) {
                sb.append(String.format(Locale.ROOT, "%s: %d waits of 10 ms or more for the group-commit lock, %.0f ms in all "
                        + "(writers queued behind a commit in progress).%n%n", p.process(), p.commitWaits(), p.commitWaitMs()));
            }
        }
        sb.append(hottestMethods(profiles));
        return sb.toString();
    }

    private static String howRecorded(JsonNode profiled) {
        StringBuilder sb = new StringBuilder();
        if (profiled != null) {
            sb.append(String.format(Locale.ROOT, "Recorded with `jcmd <pid> JFR.start settings=profile` (a sample of every running Java "
                            + "thread every 10 ms) during a separate reservation run of %.0f s (%s operations, %.0f ops/s), started on the "
                            + "running processes. ", profiled.path("seconds").asDouble(), profiled.path("operations").asText(),
                    profiled.path("operations").asDouble() / Math.max(1, profiled.path("seconds").asDouble())));
        }
        sb.append("Each sample is charged to the first frame outside the JDK, from the running method down (so a `HashMap` "
                + "lookup inside the BSON codec counts as BSON); \"H2 MVStore commit\" is any H2 frame under a commit. Share of the "
                + "process's samples; GC pauses are not samples (below).\n\n");
        return sb.toString();
    }

    /** One row per subsystem of 0.5% or more in some process, largest first, then the smaller ones together (no line end after it). */
    private static String subsystemRows(List<Profile> profiles) {
        Map<String, Long> total = new TreeMap<>();
        for (Profile p : profiles) {
            p.bySubsystem().forEach((k, v) -> total.merge(k, v, Long::sum));
        }
        List<String> rows = new ArrayList<>(total.keySet());
        rows.sort(Comparator.comparing((String k) -> -share(profiles, k)));
        StringBuilder sb = new StringBuilder();
        for (String k : rows) {
            if (profiles.stream().allMatch(p -> pct(p, k) < 0.5)) {
                continue;
            }
            sb.append("| ").append(k).append(" |");
            for (Profile p : profiles) {
                double v = pct(p, k);
                sb.append(v < 0.5 ? " · |" : String.format(Locale.ROOT, " %.0f%% |", v));
            }
            sb.append('\n');
        }
        sb.append("| (smaller subsystems, each < 0.5%) |");
        for (Profile p : profiles) {
            double small = 0;
            for (String k : rows) {
                if (profiles.stream().allMatch(q -> pct(q, k) < 0.5)) {
                    small += pct(p, k);
                }
            }
            sb.append(String.format(Locale.ROOT, " %.0f%% |", small));
        }
        return sb.toString();
    }

    private static String hottestMethods(List<Profile> profiles) {
        StringBuilder sb = new StringBuilder("Hottest methods (the running frame, JDK included), share of the process's samples:\n\n");
        for (Profile p : profiles) {
            List<Map.Entry<String, Long>> top = new ArrayList<>(p.byLeafMethod().entrySet());
            top.sort(Map.Entry.<String, Long>comparingByValue().reversed());
            StringBuilder line = new StringBuilder();
            for (Map.Entry<String, Long> e : top.subList(0, Math.min(6, top.size()))) {
                line.append(line.length() == 0 ? "" : ", ").append('`').append(shortName(e.getKey())).append("` ")
                        .append(String.format(Locale.ROOT, "%.0f%%", 100.0 * e.getValue() / Math.max(1, p.samples())));
            }
            sb.append("- ").append(p.process()).append(": ").append(line).append('\n');
        }
        sb.append('\n');
        return sb.toString();
    }

    private static String shortName(String method) {
        String[] parts = method.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : method;
    }

    private static double share(List<Profile> profiles, String k) {
        double s = 0;
        for (Profile p : profiles) {
            s += pct(p, k);
        }
        return s;
    }

    private static double pct(Profile p, String k) {
        return p.samples() == 0 ? 0 : 100.0 * p.bySubsystem().getOrDefault(k, 0L) / p.samples();
    }

    /** The add-to-cart's time, from the durable run's timers, the census's commands and the memory run's command times. */
    static String whereTheTimeGoes(JsonNode durable, JsonNode memory, JsonNode census) {
        if (durable == null) {
            return "**No reservation run to take the timers from** (the `reserve` scenario did not run).\n\n";
        }
        JsonNode memMongo = memory == null ? null : memory.path("mongo").path("cart");
        return "### Where an add-to-cart's time goes\n\n" + addToCartParts(durable, memMongo, census)
                + (memMongo == null ? "" : commitShare(durable.path("mongo").path("cart"), memMongo)) + cpuPerOperation(durable, memory);
    }

    /** The mean add-to-cart, from the shopper's clock down to the cart service's catalog call and MongoDB commands. */
    private static String addToCartParts(JsonNode durable, JsonNode memMongo, JsonNode census) {
        StringBuilder sb = new StringBuilder();
        JsonNode add = durable.path("ops").path("add item");
        double addCount = add.path("count").asDouble();
        double clientMean = add.path("mean_ms").asDouble();
        JsonNode cartRoute = durable.path("http_server").path("cart").path("POST /carts/{id}/items");
        double cartMean = ms(cartRoute);
        JsonNode gatewayRoutes = durable.path("http_server").path("gateway");
        double gatewayMean = Double.NaN;
        String gatewayRoute = "";
        for (Iterator<String> it = gatewayRoutes.fieldNames(); it.hasNext(); ) {
            String r = it.next();
            if (r.startsWith("POST") && r.contains("/api/carts")) {
                gatewayMean = ms(gatewayRoutes.path(r));
                gatewayRoute = r;
            }
        }
        double calls = durable.path("catalog_calls").path("count").asDouble();
        double callMean = calls == 0 ? 0 : 1000 * durable.path("catalog_calls").path("seconds").asDouble() / calls;
        double callsPerAdd = addCount == 0 ? 0 : calls / addCount;
        sb.append(String.format(Locale.ROOT, "Mean times of the %s reservation run (%s operations in %.0f s), from the shoppers' "
                        + "clock and the services' own timers at `/q/metrics`; the commands an add sends are the census's (section 3), "
                        + "each costed at the mean time the cart service waited for that command during the run.%n%n",
                durable.path("label").asText("durable"), durable.path("operations").asText(), durable.path("seconds").asDouble()));
        sb.append("| part of an add-to-cart (mean) | ms | how it is measured |\n|---|---:|---|\n");
        sb.append(String.format(Locale.ROOT, "| seen by the shopper (p50 %.1f, p99 %.1f) | %.1f | harness, `add item` |%n",
                add.path("p50_ms").asDouble(), add.path("p99_ms").asDouble(), clientMean));
        if (!Double.isNaN(gatewayMean)) {
            sb.append(String.format(Locale.ROOT, "| in the gateway, request in to answer out (all `%s`: adds, changes, checkouts) | %.1f | gateway's `http_server_requests_seconds` |%n",
                    gatewayRoute, gatewayMean));
        }
        sb.append(String.format(Locale.ROOT, "| in the cart service, request in to answer out | %.1f | cart's `http_server_requests_seconds{uri=\"/carts/{id}/items\",method=\"POST\"}` |%n",
                cartMean));
        sb.append(String.format(Locale.ROOT, "| outside the cart service: gateway, two local hops, the client's own queueing | %.1f | shopper − cart service |%n",
                clientMean - cartMean));
        sb.append(String.format(Locale.ROOT, "| → the catalog call: %.2f calls per add × %.1f ms | %.1f | REST client timer `http_client_requests_seconds` (the snapshot cache answers the rest) |%n",
                callsPerAdd, callMean, callsPerAdd * callMean));
        JsonNode addCensus = census == null ? null : census.path("add new line (product in the cart service's cache)").path("cart");
        double mongoTotal = mongoCommandsOfAnAdd(addCensus, durable.path("mongo").path("cart"), memMongo, sb);
        sb.append(String.format(Locale.ROOT, "| → the rest inside the cart service: its own CPU, waiting for a worker thread, JSON | %.1f | cart service − catalog − MongoDB |%n",
                cartMean - callsPerAdd * callMean - mongoTotal));
        sb.append('\n');
        return sb.toString();
    }

    /** One row per MongoDB command of an add (the census's counts, the run's mean times); returns their total ms. */
    private static double mongoCommandsOfAnAdd(JsonNode addCensus, JsonNode cartMongo, JsonNode memMongo, StringBuilder sb) {
        double mongoTotal = 0;
        if (addCensus != null && !addCensus.isMissingNode()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = addCensus.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                double n = e.getValue().asDouble();
                double mean = ms(cartMongo.path(e.getKey()));
                double memMean = memMongo == null ? Double.NaN : ms(memMongo.path(e.getKey()));
                mongoTotal += n * mean;
                sb.append(String.format(Locale.ROOT, "| → MongoDB `%s` × %.0f | %.1f | mean %.2f ms per command as the cart service waits for it%s |%n",
                        e.getKey(), n, n * mean, mean, Double.isNaN(memMean) ? "" : String.format(Locale.ROOT, "; on the in-memory database %.2f ms", memMean)));
            }
        } else {
            sb.append("| → MongoDB commands | ? | the census did not run |\n");
        }
        return mongoTotal;
    }

    /** The database's commit: the same commands on the durable and on the in-memory server. */
    private static String commitShare(JsonNode cartMongo, JsonNode memMongo) {
        StringBuilder sb = new StringBuilder();
        sb.append("The embedded database's commit: mean time of each command the cart service sent, durable (H2 file, each write "
                + "acknowledged after the commit containing it) against in memory, in the two reservation runs:\n\n"
                + "| command collection | durable: count, mean ms | in memory: count, mean ms | commit's share of the mean |\n|---|---:|---:|---:|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = cartMongo.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            double d = ms(e.getValue());
            JsonNode m = memMongo.path(e.getKey());
            double mm = ms(m);
            sb.append(String.format(Locale.ROOT, "| %s | %.0f, %.2f | %s | %s |%n", e.getKey(), e.getValue().path("count").asDouble(), d,
                    m.isMissingNode() ? "—" : String.format(Locale.ROOT, "%.0f, %.2f", m.path("count").asDouble(), mm),
                    m.isMissingNode() || d == 0 ? "—" : String.format(Locale.ROOT, "%.0f%%", 100 * Math.max(0, d - mm) / d)));
        }
        sb.append('\n');
        return sb.toString();
    }

    /** CPU per operation, both runs. */
    private static String cpuPerOperation(JsonNode durable, JsonNode memory) {
        StringBuilder sb = new StringBuilder();
        sb.append("CPU per operation of the mix, by process (ms):\n\n| process | durable | in memory |\n|---|---:|---:|\n");
        double ops = durable.path("operations").asDouble();
        double memOps = memory == null ? 0 : memory.path("operations").asDouble();
        for (Iterator<Map.Entry<String, JsonNode>> it = durable.path("cpu_ms").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            double mem = memory == null ? Double.NaN : memory.path("cpu_ms").path(e.getKey()).asDouble(Double.NaN);
            sb.append(String.format(Locale.ROOT, "| %s | %.3f | %s |%n", e.getKey(), e.getValue().asDouble() / Math.max(1, ops),
                    Double.isNaN(mem) ? "—" : String.format(Locale.ROOT, "%.3f", mem / Math.max(1, memOps))));
        }
        sb.append('\n');
        return sb.toString();
    }

    private static double ms(JsonNode countAndSeconds) {
        double n = countAndSeconds.path("count").asDouble();
        return n == 0 ? 0 : 1000 * countAndSeconds.path("seconds").asDouble() / n;
    }

    static JsonNode readJson(String file) throws IOException {
        if (file == null || !Files.exists(Path.of(file))) {
            return null;
        }
        return Api.JSON.readTree(Files.readString(Path.of(file)));
    }
}

package com.example.shop.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the platform's processes did during a measured window: CPU time of each process (and of
 * this load generator), the change of every service's metric counters, and, when asked, a Java
 * Flight Recorder recording of chosen processes, started and dumped at run time with {@code jcmd}
 * (no restart, no JVM option needed).
 */
final class Observed {

    static final String SELF = "load generator";

    /** The window's figures. */
    record Window(double seconds, Map<String, Double> cpuMillis, Map<String, Map<String, Double>> mongoCounts,
                  Map<String, Map<String, Double>> mongoSeconds, Map<String, Metrics.Scrape> before,
                  Map<String, Metrics.Scrape> after, List<Path> recordings) {

        /** after − before of {@code metric} on {@code service}, for the lines passing {@code filter}. */
        double delta(String service, String metric, java.util.function.Predicate<Map<String, String>> filter) {
            Metrics.Scrape b = before.getOrDefault(service, Metrics.Scrape.EMPTY);
            Metrics.Scrape a = after.getOrDefault(service, Metrics.Scrape.EMPTY);
            return a.sum(metric, filter) - b.sum(metric, filter);
        }

        long commands(String service) {
            return Math.round(mongoCounts.getOrDefault(service, Map.of()).values().stream().mapToDouble(Double::doubleValue).sum());
        }
    }

    private final Map<String, Long> pids;
    private final Map<String, String> metricUrls;
    private final Path jfrDir;
    private final List<String> jfrProcesses;
    private final String jfrName = "bench-" + Long.toString(System.nanoTime(), 36);
    private final List<String> recording = new ArrayList<>();
    private long startNanos;
    private Map<String, Duration> cpuStart;
    private Map<String, Metrics.Scrape> before;

    Observed(Map<String, Long> pids, Map<String, String> metricUrls, Path jfrDir, List<String> jfrProcesses) {
        this.pids = pids;
        this.metricUrls = metricUrls;
        this.jfrDir = jfrDir;
        this.jfrProcesses = jfrProcesses;
    }

    static Observed from(Args a) {
        Map<String, Long> pids = new LinkedHashMap<>();
        Metrics.namedList(a.str("pids", "")).forEach((k, v) -> pids.put(k, Long.parseLong(v)));
        String jfr = a.str("jfr", null);
        List<String> procs = List.of(a.str("jfr-processes", "gateway,cart,catalog,mongo").split(","));
        return new Observed(pids, Metrics.namedList(a.str("metrics", "")), jfr == null ? null : Path.of(jfr), procs);
    }

    /** Starts the recordings (if any), then takes the baseline. */
    void start() throws Exception {
        if (jfrDir != null) {
            Files.createDirectories(jfrDir);
            for (String name : jfrProcesses) {
                Long pid = pids.get(name);
                if (pid == null) {
                    System.err.println("jfr: no pid for " + name);
                    continue;
                }
                if (jcmd(pid, "JFR.start", "name=" + jfrName, "settings=profile")) {
                    recording.add(name);
                }
            }
        }
        before = Metrics.scrapeAll(metricUrls);
        cpuStart = cpu();
        startNanos = System.nanoTime();
    }

    /** Takes the end figures, then dumps and stops the recordings into the JFR directory. */
    Window stop() throws Exception {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        Map<String, Duration> cpuEnd = cpu();
        Map<String, Metrics.Scrape> after = Metrics.scrapeAll(metricUrls);
        Map<String, Double> cpuMillis = new LinkedHashMap<>();
        cpuEnd.forEach((name, end) -> {
            Duration start = cpuStart.get(name);
            if (start != null) {
                cpuMillis.put(name, (double) end.minus(start).toMillis());
            }
        });
        Map<String, Map<String, Double>> counts = new LinkedHashMap<>();
        Map<String, Map<String, Double>> secs = new LinkedHashMap<>();
        for (String s : metricUrls.keySet()) {
            Map<String, Double> c = Metrics.diff(before.get(s).mongoCounts(), after.get(s).mongoCounts());
            if (!c.isEmpty()) {
                counts.put(s, c);
                secs.put(s, Metrics.diff(before.get(s).mongoSeconds(), after.get(s).mongoSeconds()));
            }
        }
        List<Path> files = new ArrayList<>();
        for (String name : recording) {
            Path file = jfrDir.resolve(name + ".jfr").toAbsolutePath();
            Files.deleteIfExists(file);
            if (jcmd(pids.get(name), "JFR.stop", "name=" + jfrName, "filename=" + file) && Files.exists(file)) {
                files.add(file);
            }
        }
        return new Window(seconds, cpuMillis, counts, secs, before, after, files);
    }

    private Map<String, Duration> cpu() {
        Map<String, Duration> out = new LinkedHashMap<>();
        pids.forEach((name, pid) -> ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration())
                .ifPresent(d -> out.put(name, d)));
        ProcessHandle.current().info().totalCpuDuration().ifPresent(d -> out.put(SELF, d));
        return out;
    }

    static boolean jcmd(long pid, String... command) {
        List<String> cmd = new ArrayList<>();
        Path jdk = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        cmd.add(Files.isExecutable(jdk) ? jdk.toString() : "jcmd");
        cmd.add(Long.toString(pid));
        cmd.addAll(List.of(command));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                System.err.println("jcmd timed out: " + cmd);
                return false;
            }
            if (p.exitValue() != 0 || out.contains("Could not") || out.contains("Exception")) {
                System.err.println("jcmd failed: " + cmd + ": " + out.trim());
                return false;
            }
            return true;
        } catch (Exception e) {
            System.err.println("jcmd failed: " + cmd + ": " + e);
            return false;
        }
    }

    /** Markdown: CPU time per process, in total, as a share of the window, and per operation. */
    static String cpuTable(Window w, long operations, String perWhat) {
        StringBuilder sb = new StringBuilder("| process | CPU s | CPU % of one core | CPU ms per " + perWhat + " |\n|---|---:|---:|---:|\n");
        double total = 0;
        for (Map.Entry<String, Double> e : w.cpuMillis().entrySet()) {
            total += e.getValue();
            sb.append(String.format(Locale.ROOT, "| %s | %.2f | %.0f%% | %.3f |%n", e.getKey(), e.getValue() / 1000,
                    100 * e.getValue() / 1000 / w.seconds(), operations == 0 ? 0 : e.getValue() / operations));
        }
        sb.append(String.format(Locale.ROOT, "| **all** | %.2f | %.0f%% | %.3f |%n", total / 1000, 100 * total / 1000 / w.seconds(),
                operations == 0 ? 0 : total / operations));
        return sb.toString();
    }
}

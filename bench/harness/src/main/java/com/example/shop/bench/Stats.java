package com.example.shop.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Latency (HdrHistogram, microseconds, 3 significant digits) and outcome counts per operation.
 * An outcome is ok (2xx), rejected (a non-2xx answer the scenario expects, such as 409
 * insufficient-inventory) or an error (anything else, including transport failures).
 */
final class Stats {

    static final class Op {
        final String name;
        final ConcurrentHistogram latency = new ConcurrentHistogram(1, 300_000_000L, 3);
        final LongAdder ok = new LongAdder();
        final LongAdder rejected = new LongAdder();
        final LongAdder errors = new LongAdder();
        final Map<String, LongAdder> statuses = new ConcurrentHashMap<>();
        /** The first answer of each unexpected status, abbreviated. */
        final Map<String, String> firstError = new ConcurrentHashMap<>();

        Op(String name) {
            this.name = name;
        }

        long count() {
            return ok.sum() + rejected.sum() + errors.sum();
        }
    }

    private final Map<String, Op> ops = new ConcurrentHashMap<>();
    private final List<String> order = new ArrayList<>();
    private volatile long startNanos = System.nanoTime();
    private volatile long endNanos;

    Op op(String name) {
        return ops.computeIfAbsent(name, n -> {
            synchronized (order) {
                order.add(n);
            }
            return new Op(n);
        });
    }

    void start() {
        startNanos = System.nanoTime();
    }

    void stop() {
        endNanos = System.nanoTime();
    }

    double seconds() {
        long end = endNanos == 0 ? System.nanoTime() : endNanos;
        return (end - startNanos) / 1e9;
    }

    /** Records one call; {@code expected} tells whether a non-2xx status is an expected rejection. */
    void record(String name, Api.Response r, boolean expected) {
        Op op = op(name);
        op.latency.recordValue(Math.max(1, Math.min(r.nanos() / 1000, 300_000_000L)));
        String key = r.status() < 0 ? "io:" + r.errorKind() : String.valueOf(r.status());
        op.statuses.computeIfAbsent(key, k -> new LongAdder()).increment();
        if (r.status() >= 200 && r.status() < 300) {
            op.ok.increment();
        } else if (expected) {
            op.rejected.increment();
        } else {
            op.errors.increment();
            String body = r.body() == null ? "" : r.body().replaceAll("\\s+", " ");
            op.firstError.putIfAbsent(key, body.length() > 200 ? body.substring(0, 200) + "…" : body);
        }
    }

    List<Op> ops() {
        synchronized (order) {
            List<Op> list = new ArrayList<>();
            for (String n : order) {
                list.add(ops.get(n));
            }
            return list;
        }
    }

    Histogram total() {
        Histogram all = new Histogram(1, 300_000_000L, 3);
        for (Op op : ops.values()) {
            all.add(op.latency);
        }
        return all;
    }

    long totalCount() {
        return ops.values().stream().mapToLong(Op::count).sum();
    }

    /** Answers with status {@code code} (e.g. 429) of every operation, or of the class ("5" for 5xx). */
    long withStatus(String codeOrClass) {
        return ops.values().stream().flatMap(o -> o.statuses.entrySet().stream())
                .filter(e -> e.getKey().startsWith(codeOrClass)).mapToLong(e -> e.getValue().sum()).sum();
    }

    long totalErrors() {
        return ops.values().stream().mapToLong(o -> o.errors.sum()).sum();
    }

    static String ms(long micros) {
        return String.format(Locale.ROOT, "%.1f", micros / 1000.0);
    }

    static final String HEADER = "| operation | requests | ops/s | p50 ms | p99 ms | max ms | rejected (expected) | errors | statuses |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|---|\n";

    /** A markdown table, one row per operation and a total row. */
    String table() {
        StringBuilder sb = new StringBuilder(HEADER);
        double s = seconds();
        for (Op op : ops()) {
            sb.append(row(op.name, op.count(), s, op.latency, op.rejected.sum(), op.errors.sum(), statuses(op)));
        }
        long rejected = ops.values().stream().mapToLong(o -> o.rejected.sum()).sum();
        sb.append(row("**all**", totalCount(), s, total(), rejected, totalErrors(), ""));
        StringBuilder errors = new StringBuilder();
        for (Op op : ops()) {
            for (Map.Entry<String, String> e : new TreeMap<>(op.firstError).entrySet()) {
                errors.append("- ").append(op.name).append(" → ").append(e.getKey()).append(": `")
                        .append(e.getValue().replace("`", "'")).append("`\n");
            }
        }
        if (errors.length() > 0) {
            sb.append("\nFirst answer of each unexpected status:\n\n").append(errors);
        }
        return sb.toString();
    }

    private static String row(String name, long count, double s, Histogram h, long rejected, long errors, String statuses) {
        return String.format(Locale.ROOT, "| %s | %d | %.0f | %s | %s | %s | %d | %d | %s |%n", name, count, count / s,
                ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)), ms(h.getMaxValue()), rejected, errors,
                statuses);
    }

    static String statuses(Op op) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, LongAdder> e : new TreeMap<>(op.statuses).entrySet()) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(e.getKey()).append('×').append(e.getValue().sum());
        }
        return sb.toString();
    }
}

package com.example.shop.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The services' Prometheus metrics ({@code /q/metrics}): scraped, parsed, and compared between two
 * moments. The MongoDB command counters come from the driver's command listener
 * ({@code mongodb_driver_commands_seconds_count/_sum{command, collection, status, ...}}), the
 * catalog call from the REST client's timer ({@code http_client_requests_seconds}), request times
 * from the HTTP server's ({@code http_server_requests_seconds}).
 */
final class Metrics {

    static final String MONGO = "mongodb_driver_commands_seconds";

    // HTTP/1.1: with the default (an h2c upgrade on the first request) a scrape hung past its 10 s timeout during an import run
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();

    record Line(String name, Map<String, String> labels, double value) {
    }

    /** One scrape of one service. */
    record Scrape(List<Line> lines) {

        static final Scrape EMPTY = new Scrape(List.of());

        /** Σ value of the lines named {@code name} whose labels pass {@code filter}, grouped by {@code key}. */
        Map<String, Double> group(String name, Predicate<Map<String, String>> filter, Function<Map<String, String>, String> key) {
            Map<String, Double> out = new TreeMap<>();
            for (Line l : lines) {
                if (l.name.equals(name) && filter.test(l.labels)) {
                    out.merge(key.apply(l.labels), l.value, Double::sum);
                }
            }
            return out;
        }

        double sum(String name, Predicate<Map<String, String>> filter) {
            return group(name, filter, l -> "").getOrDefault("", 0.0);
        }

        /** MongoDB commands by "command collection" (a failed one as "command collection (FAILED)"): count. */
        Map<String, Double> mongoCounts() {
            return group(MONGO + "_count", l -> true, Metrics::commandKey);
        }

        /** The same, summed seconds. */
        Map<String, Double> mongoSeconds() {
            return group(MONGO + "_sum", l -> true, Metrics::commandKey);
        }
    }

    static String commandKey(Map<String, String> labels) {
        String status = labels.getOrDefault("status", "SUCCESS");
        return labels.getOrDefault("command", "?") + " " + labels.getOrDefault("collection", "?")
                + ("SUCCESS".equals(status) ? "" : " (" + status + ")");
    }

    /** Scrapes {@code url}; an unreachable service gives an empty scrape (and a note on stderr). */
    static Scrape scrape(String url) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .header("Accept", "text/plain").GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                System.err.println("metrics: " + url + " answered " + r.statusCode());
                return Scrape.EMPTY;
            }
            return parse(r.body());
        } catch (Exception e) {
            System.err.println("metrics: " + url + " unreachable: " + e);
            return Scrape.EMPTY;
        }
    }

    /** The Prometheus text format: {@code name{label="value",...} number}; comments skipped. */
    static Scrape parse(String text) {
        List<Line> lines = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String s = raw.trim();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            int brace = s.indexOf('{');
            int space = s.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            String name;
            Map<String, String> labels = new LinkedHashMap<>();
            if (brace >= 0 && brace < space) {
                name = s.substring(0, brace);
                int close = s.lastIndexOf('}');
                parseLabels(s.substring(brace + 1, close), labels);
            } else {
                name = s.substring(0, space);
            }
            double value;
            try {
                value = Double.parseDouble(s.substring(space + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            lines.add(new Line(name, labels, value));
        }
        return new Scrape(lines);
    }

    private static void parseLabels(String s, Map<String, String> into) {
        int i = 0;
        while (i < s.length()) {
            int eq = s.indexOf('=', i);
            if (eq < 0) {
                return;
            }
            String key = s.substring(i, eq).trim();
            int q = s.indexOf('"', eq);
            StringBuilder v = new StringBuilder();
            int j = q + 1;
            for (; j < s.length(); j++) {
                char c = s.charAt(j);
                if (c == '\\' && j + 1 < s.length()) {
                    v.append(s.charAt(++j));
                } else if (c == '"') {
                    break;
                } else {
                    v.append(c);
                }
            }
            into.put(key, v.toString());
            int comma = s.indexOf(',', j);
            i = comma < 0 ? s.length() : comma + 1;
        }
    }

    /** after − before, per key; keys whose difference is 0 are left out. */
    static Map<String, Double> diff(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> out = new TreeMap<>();
        after.forEach((k, v) -> {
            double d = v - before.getOrDefault(k, 0.0);
            if (Math.abs(d) > 1e-9) {
                out.put(k, d);
            }
        });
        return out;
    }

    /** Every service named in {@code name=url,...}, scraped at once. */
    static Map<String, Scrape> scrapeAll(Map<String, String> urls) {
        Map<String, Scrape> out = new LinkedHashMap<>();
        urls.forEach((name, url) -> out.put(name, scrape(url)));
        return out;
    }

    /** {@code a=x,b=y} as an ordered map (empty for null or ""). */
    static Map<String, String> namedList(String spec) {
        Map<String, String> out = new LinkedHashMap<>();
        if (spec == null || spec.isBlank()) {
            return out;
        }
        for (String part : spec.split(",")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected name=value, got: " + part);
            }
            out.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }
        return out;
    }
}

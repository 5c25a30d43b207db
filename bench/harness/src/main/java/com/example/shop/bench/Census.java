package com.example.shop.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;

/**
 * {@code census}: the MongoDB commands each kind of request costs. Every operation type is done
 * alone, one request at a time, {@code --repeat} times through the gateway; the services' command
 * counters ({@code /q/metrics}) are read right before and right after each request, so each
 * sample is one request's commands. The median per command is reported: a scheduled job of the
 * cart service that happens to run during one sample does not move it. Any set-up a request
 * needs (a cart, a line) is made before the first reading.
 */
final class Census {

    /** A prepared request: {@code prepare} makes what it needs and returns the request to measure. */
    record OpType(String name, int expectedStatus, Function<Integer, Request> prepare) {
    }

    record Request(String method, String path, String body, Map<String, String> headers) {
    }

    record Sample(int status, long nanos, Map<String, Map<String, Double>> commands, double catalogCalls) {
    }

    static int run(Args a) throws Exception {
        // every request from a client of its own: hundreds of carts in a minute would meet the per-client limits
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 2).asNewClientEachRequest();
        Map<String, String> metrics = Metrics.namedList(a.required("metrics"));
        int repeat = a.integer("repeat", 20);
        String prefix = a.str("prefix", "census-" + Long.toString(System.currentTimeMillis(), 36));
        String hot = Fixtures.products(api, prefix + "-hot", 1, 1_000_000, null).get(0);
        List<String> fresh = Fixtures.products(api, prefix + "-fresh", repeat, 1_000, null);
        List<OpType> types = operationTypes(api, hot, fresh);
        Map<String, List<Sample>> samples = measure(api, metrics, types, repeat);
        return report(a, metrics, types, samples, repeat);
    }

    private static List<OpType> operationTypes(Api api, String hot, List<String> fresh) {
        return List.of(
                new OpType("create cart", 201, i -> new Request("POST", "/api/carts", null, Map.of())),
                new OpType("add new line (product in the cart service's cache)", 200, i -> {
                    String cart = cart(api);
                    warmCache(api, hot);
                    return add(cart, hot, 1);
                }),
                new OpType("add new line (product not cached: calls the catalog)", 200, i -> add(cart(api), fresh.get(i), 1)),
                new OpType("add to an existing line", 200, i -> add(cartWith(api, hot, 1), hot, 1)),
                new OpType("change quantity up (1 → 2)", 200, i -> change(cartWith(api, hot, 1), hot, 2)),
                new OpType("change quantity down (2 → 1)", 200, i -> change(cartWith(api, hot, 2), hot, 1)),
                new OpType("remove a line", 200, i -> new Request("DELETE", "/api/carts/" + cartWith(api, hot, 1) + "/items/" + hot, null, Map.of())),
                new OpType("checkout, approved (1 line)", 200, i -> checkout(cartWith(api, hot, 1), "approve")),
                new OpType("checkout, declined (1 line)", 402, i -> checkout(cartWith(api, hot, 1), "decline")),
                new OpType("get a cart (1 line)", 200, i -> new Request("GET", "/api/carts/" + cartWith(api, hot, 1), null, Map.of())),
                new OpType("get one product", 200, i -> new Request("GET", "/api/products/" + hot, null, Map.of())));
    }

    /** Each operation type {@code repeat} times, one request at a time; the samples by operation name, in the types' order. */
    private static Map<String, List<Sample>> measure(Api api, Map<String, String> metrics, List<OpType> types, int repeat) {
        Map<String, List<Sample>> samples = new LinkedHashMap<>();
        for (OpType type : types) {
            List<Sample> list = new ArrayList<>();
            for (int i = 0; i < repeat; i++) {
                list.add(sample(api, metrics, type.prepare().apply(i)));
            }
            samples.put(type.name(), list);
            System.err.printf(Locale.ROOT, "census: %s done%n", type.name());
        }
        return samples;
    }

    /** One request, between two readings of every service's counters. */
    private static Sample sample(Api api, Map<String, String> metrics, Request req) {
        Map<String, Metrics.Scrape> before = Metrics.scrapeAll(metrics);
        Api.Response r = api.send(req.method(), req.path(), req.body() == null ? null : req.body().getBytes(), false, req.headers());
        Map<String, Metrics.Scrape> after = Metrics.scrapeAll(metrics);
        Map<String, Map<String, Double>> commands = new LinkedHashMap<>();
        for (String service : metrics.keySet()) {
            commands.put(service, Metrics.diff(before.get(service).mongoCounts(), after.get(service).mongoCounts()));
        }
        double catalogCalls = after.getOrDefault("cart", Metrics.Scrape.EMPTY).sum("http_client_requests_seconds_count", l -> true)
                - before.getOrDefault("cart", Metrics.Scrape.EMPTY).sum("http_client_requests_seconds_count", l -> true);
        return new Sample(r.status(), r.nanos(), commands, catalogCalls);
    }

    /** One operation type's line of the table, its entry of the JSON, and whether every answer had the expected status. */
    private record Summary(String row, Map<String, Object> json, boolean asExpected) {
    }

    /** One service's commands for an operation type: the total's range, its median, and each command's median ("key" × range). */
    private record ServiceCommands(String range, double median, Map<String, Object> byKey, String breakdown) {
    }

    /** Prints and writes the table, the JSON and the RESULT line; the exit code. */
    private static int report(Args a, Map<String, String> metrics, List<OpType> types, Map<String, List<Sample>> samples, int repeat)
            throws java.io.IOException {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT,
                "Each operation alone, one request at a time through the gateway, %d times; the MongoDB commands are the services' own "
                        + "counters (`mongodb_driver_commands_seconds_count` at `/q/metrics`) read right before and after each request. "
                        + "Figures are the median over the samples (a range `min–max` is shown when the samples differed, e.g. when a "
                        + "scheduled job ran during one). The gateway sends no MongoDB command.%n%n"
                        + "| operation | answers | median ms (one client) | commands: cart | catalog | category | catalog calls from cart | commands, by service: command collection × median |%n"
                        + "|---|---|---:|---:|---:|---:|---:|---|%n", repeat));
        Map<String, Object> json = new LinkedHashMap<>();
        boolean allExpected = true;
        for (OpType type : types) {
            Summary summary = summarize(type, samples.get(type.name()), metrics);
            allExpected &= summary.asExpected();
            json.put(type.name(), summary.json());
            md.append(summary.row());
        }
        md.append('\n');
        System.out.println(md);
        ReservationBench.write(a, md.toString());
        ReservationBench.writeJson(a, json);
        System.out.println("RESULT census repeat=" + repeat + " answers=" + (allExpected ? "as-expected" : "UNEXPECTED"));
        return allExpected ? 0 : 1;
    }

    private static Summary summarize(OpType type, List<Sample> list, Map<String, String> metrics) {
        Map<Integer, Integer> statuses = new TreeMap<>();
        list.forEach(s -> statuses.merge(s.status(), 1, Integer::sum));
        boolean asExpected = statuses.keySet().stream().allMatch(s -> s == type.expectedStatus());
        Map<String, Object> opJson = new LinkedHashMap<>();
        StringBuilder breakdown = new StringBuilder();
        Map<String, String> perService = new LinkedHashMap<>();
        Map<String, Object> totals = new LinkedHashMap<>();
        for (String service : List.of("cart", "catalog", "category")) {
            if (!metrics.containsKey(service)) {
                perService.put(service, "—");
                continue;
            }
            ServiceCommands commands = serviceCommands(service, list);
            perService.put(service, commands.range());
            totals.put(service, commands.median());
            if (!commands.breakdown().isEmpty()) {
                breakdown.append(breakdown.length() == 0 ? "" : "; ").append(commands.breakdown());
            }
            opJson.put(service, commands.byKey());
        }
        List<Double> calls = list.stream().map(Sample::catalogCalls).toList();
        List<Double> ms = list.stream().map(s -> s.nanos() / 1e6).toList();
        opJson.put("totals", totals);
        opJson.put("catalog_calls", median(calls));
        opJson.put("median_ms", median(ms));
        StringBuilder st = new StringBuilder();
        statuses.forEach((s, n) -> st.append(st.length() == 0 ? "" : " ").append(s < 0 ? "io" : s).append("×").append(n));
        String row = String.format(Locale.ROOT, "| %s | %s | %.1f | %s | %s | %s | %s | %s |%n", type.name(), st,
                median(ms), perService.get("cart"), perService.get("catalog"), perService.get("category"), range(calls),
                breakdown.length() == 0 ? "none" : breakdown);
        return new Summary(row, opJson, asExpected);
    }

    private static ServiceCommands serviceCommands(String service, List<Sample> list) {
        List<Double> total = list.stream().map(s -> s.commands().get(service).values().stream()
                .mapToDouble(Double::doubleValue).sum()).toList();
        TreeSet<String> keys = new TreeSet<>();
        list.forEach(s -> keys.addAll(s.commands().get(service).keySet()));
        Map<String, Object> keyJson = new LinkedHashMap<>();
        StringBuilder breakdown = new StringBuilder();
        for (String key : keys) {
            List<Double> values = list.stream().map(s -> s.commands().get(service).getOrDefault(key, 0.0)).toList();
            if (median(values) == 0 && max(values) == 0) {
                continue;
            }
            keyJson.put(key, median(values));
            if (median(values) > 0 || max(values) > 0) {
                breakdown.append(breakdown.length() == 0 ? "" : "; ").append(service).append(": ").append(key)
                        .append(" × ").append(range(values));
            }
        }
        return new ServiceCommands(range(total), median(total), keyJson, breakdown.toString());
    }

    private static String cart(Api api) {
        Api.Response r = api.post("/api/carts", null);
        if (r.status() != 201) {
            throw new IllegalStateException("POST /api/carts -> " + r.status() + " " + r.body());
        }
        return r.json().path("id").asText();
    }

    private static String cartWith(Api api, String sku, int qty) {
        String id = cart(api);
        Request add = add(id, sku, qty);
        Api.Response r = api.post(add.path(), add.body());
        if (!r.ok()) {
            throw new IllegalStateException("POST " + add.path() + " -> " + r.status() + " " + r.body());
        }
        return id;
    }

    /** Adds the product to a throw-away cart, so that the cart service has its snapshot cached. */
    private static void warmCache(Api api, String sku) {
        cartWith(api, sku, 1);
    }

    private static Request add(String cart, String sku, int qty) {
        return new Request("POST", "/api/carts/" + cart + "/items", "{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}", Map.of());
    }

    private static Request change(String cart, String sku, int qty) {
        return new Request("PUT", "/api/carts/" + cart + "/items/" + sku, "{\"qty\":" + qty + "}", Map.of());
    }

    private static Request checkout(String cart, String simulate) {
        return new Request("POST", "/api/carts/" + cart + "/checkout", "{\"payment\":{\"method\":\"card\",\"simulate\":\"" + simulate + "\"}}",
                Map.of("Idempotency-Key", UUID.randomUUID().toString()));
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return 0;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    /** "3" when every sample agreed, else "3 (2–5)": the median, then the range. */
    static String range(List<Double> values) {
        String m = num(median(values));
        return min(values) == max(values) ? m : m + " (" + num(min(values)) + "–" + num(max(values)) + ")";
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}

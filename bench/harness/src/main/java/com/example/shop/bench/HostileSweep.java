package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/chaos case {@code hostile}: for every endpoint behind the gateway, at least 50 requests that
 * break its contract (operator objects, wrong types, out-of-range and huge numbers, identifiers
 * outside their syntax, bad UTF-8, oversized and deeply nested bodies, unknown fields and query
 * parameters, path traversal, missing/forged/expired tokens). Every one of them must be refused: a
 * 4xx that is not the rate limiter's 429, never a 2xx, a 5xx or no answer; and the three databases
 * must be exactly as before (every document of every collection compared).
 *
 * <p>A request that is valid, however odd its values (a description of {@code "$where"}, the sku
 * {@code NaN}, an idempotency key {@code 1e309}), is not hostile and is not sent. The one exception
 * is kept apart as a probe: on the read endpoints' free-text query parameters, operator-like values
 * are valid data, and the probe checks they are taken as data: the answer is a 4xx or an empty list
 * (an operator taken as an operator would match every product), never a 5xx. Every request comes
 * from a client address of its own, so that the gateway's per-client rate limits never answer in
 * place of the services' validation. The operations swept must be those of the gateway's API
 * document ({@code GET /api/openapi}).
 */
final class HostileSweep {

    /** An endpoint: method, gateway path template, admin?, a valid body (null: none), its query params and headers. */
    record Endpoint(String method, String template, boolean admin, String body, List<String> query, Map<String, String> headers,
                    boolean strictQuery) {

        Endpoint(String method, String template, boolean admin, String body, List<String> query, Map<String, String> headers) {
            this(method, template, admin, body, query, headers, true);
        }

        String name() {
            return method + " " + template;
        }
    }

    /**
     * What a request must get: refused (a 4xx but 429); for a probe of valid data, a 4xx or an empty
     * list (INERT); for ranked free text ({@code q}), a 4xx or a list: its words are data and may
     * match (that query syntax stays text is the catalog's own test, TextSearchTest).
     */
    enum Expect { REFUSED, INERT, TEXT }

    record Attack(String kind, String method, String path, byte[] body, String contentType, Map<String, String> headers, String auth,
                  Expect expect) {
    }

    static final class Tally {
        final AtomicLong hostile = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong accepted = new AtomicLong();
        final AtomicLong limited = new AtomicLong();
        final AtomicLong s5xx = new AtomicLong();
        final AtomicLong other = new AtomicLong();
        final AtomicLong noAnswer = new AtomicLong();
        final AtomicLong probes = new AtomicLong();
        final AtomicLong probesFailed = new AtomicLong();
        final Set<Integer> statuses = ConcurrentHashMap.newKeySet();
        /** Every request that did not get what it had to, described. */
        final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());

        long failed() {
            return accepted.get() + limited.get() + s5xx.get() + other.get() + noAnswer.get() + probesFailed.get();
        }
    }

    /** The shared sku syntax; a value that matches it is a valid sku (of a product that may not exist), not a hostile one. */
    static final java.util.regex.Pattern SKU = java.util.regex.Pattern.compile("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$");
    static final java.util.regex.Pattern SLUG = java.util.regex.Pattern.compile("^[a-z0-9]+(-[a-z0-9]+)*$");
    static final java.util.regex.Pattern IDEMPOTENCY_KEY = java.util.regex.Pattern.compile("^[A-Za-z0-9._:-]{1,100}$");
    static final Set<String> JOBS = Set.of("expire-carts", "cleanup-inventory", "resolve-checkouts", "send-webhooks",
            "follow-product-changes");
    /** Body fields where any string is valid data (operator-like text included): only type-breaking values are hostile there. */
    static final Set<String> FREE_TEXT_FIELDS = Set.of("description", "title", "name", "details.artist");
    /** Query parameters of the read endpoints where any string is valid data: operator-like values there are probes. */
    static final Set<String> FREE_TEXT_QUERY = Set.of("type", "genre", "actor", "title", "titlePrefix", "keyword", "q");
    /** Query parameters a client may repeat (the listing's multi-select: any of the values). */
    static final Set<String> REPEATABLE_QUERY = Set.of("type", "genre", "price");
    /** Free-text query parameters searched by words (any word may match), not compared whole. */
    static final Set<String> RANKED_TEXT_QUERY = Set.of("q");
    /** Body fields a valid request may leave out or set to null. */
    static final Set<String> OPTIONAL_FIELDS = Set.of("description", "shipping", "shipping.weight", "shipping.dimensions", "max_per_cart");

    /** Whether {@code value} (percent-decoded) is valid for a query parameter whose syntax admits more than the hostile values assume. */
    static boolean validQueryValue(String template, String param, String value) {
        if (param.equals("sku") && template.startsWith("/api/admin/orders")) {
            return SKU.matcher(value).matches(); // a sku no order holds: an empty list, as a filter should answer
        }
        if (!param.equals("cursor")) {
            return false;
        }
        if (template.startsWith("/api/categories")) {
            return value.length() <= 64 && SLUG.matcher(value).matches(); // a category list's cursor is the last slug seen
        }
        if (template.equals("/api/admin/inventory") || template.equals("/api/admin/inventory/{sku}/holders")) {
            try { // an opaque cursor: any base64url text is one (the page after whatever it names)
                java.util.Base64.getUrlDecoder().decode(value);
                return true;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return false;
    }

    static String decode(String encoded) {
        try {
            return java.net.URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return encoded;
        }
    }

    /** Strings that must never be taken as anything but data. */
    static final List<String> HOSTILE = List.of(
            "{\"$ne\":null}", "{\"$gt\":\"\"}", "$ne", "[$ne]", "$where", "{\"$where\":\"sleep(1000)\"}", "{\"$regex\":\".*\"}",
            "../../../../etc/passwd", "..\\..\\windows\\win.ini", "'; db.dropDatabase(); '", "\" || \"1\"==\"1", "a\u0000b",
            "<script>alert(1)</script>", "${jndi:ldap://127.0.0.1/a}", "%00", "*", ".*", "^.*$", "__proto__", "constructor",
            "a".repeat(5000), "9".repeat(400), "-1", "1e309", "-9223372036854775809", "NaN", "Infinity", "true", "null", "[]", "{}",
            "ünïcødé ✓", "😀".repeat(200), "\uFEFFbom", " ", "");

    /** Already percent-encoded path segments: traversal and invalid UTF-8 bytes. */
    static final List<String> RAW_SEGMENTS = List.of("..", "..%2F..%2Fadmin%2Fjobs%2Fexpire-carts", "%2e%2e%2f%2e%2e%2f", "..;",
            "%C3%28", "%FF%FE%FD", "%ED%A0%80", "%00", "%25", "a%2Fb", "%0d%0aX-Injected:%201", "%u0041", "~root");

    static int run(Args a) throws Exception {
        String gateway = a.required("gateway");
        Api fixtures = new Api(gateway, a.required("token"), Duration.ofSeconds(a.integer("timeout", 30)), 4);
        // every hostile request from a client of its own: the per-client rate limits of the gateway
        // (10 carts a minute...) must not answer in place of the services' validation
        Api api = fixtures.asNewClientEachRequest();
        Jwt jwt = new Jwt(Path.of(a.required("keys")), a.str("issuer", "https://shop.example/issuer"));
        int minPerEndpoint = a.integer("min", 50);

        Fixture fixture = createFixtures(api, Long.toString(System.currentTimeMillis(), 36));
        List<Endpoint> endpoints = endpoints(fixture);
        Coverage coverage = crossCheck(api, endpoints);

        Thread.sleep(a.seconds("quiet", 1).toMillis());
        Map<String, String> before = snapshot(a);
        Map<String, String> tokens = jwt.hostile();
        Map<String, Tally> tallies = sweep(a, api, endpoints, fixture.params(), tokens, minPerEndpoint);
        Thread.sleep(a.seconds("quiet", 1).toMillis());
        List<String> changes = diff(before, snapshot(a));
        return report(a, new Sweep(tallies, minPerEndpoint, tokens.size(), before.size()), changes, coverage);
    }

    /**
     * What the sweep attacks, created before the "before" snapshot: a product, a category, a cart holding the product, a job
     * run, an order (another cart, checked out) with the token its checkout answered, and a webhook subscription (disabled, to
     * an event nothing sends, so nothing is delivered during the sweep) with a delivery id of the right syntax that it has not.
     */
    record Fixture(String sku, String slug, String cartId, String version, String runId, String orderNumber, String orderToken,
                   String subscriptionId) {

        /** The webhook-id the redelivery is asked for: of the syntax of one, and no delivery's. */
        static final String NO_DELIVERY = "evt_hostileAAAAAAAAAAAAAAAAA";

        /** The values of the path parameters of every endpoint's template. */
        Map<String, String> params() {
            return Map.ofEntries(Map.entry("sku", sku), Map.entry("key", sku), Map.entry("slug", slug), Map.entry("id", cartId),
                    Map.entry("name", "Audio Album"), Map.entry("job", "resolve-checkouts"), Map.entry("run", runId),
                    Map.entry("number", orderNumber), Map.entry("subscription", subscriptionId), Map.entry("delivery", NO_DELIVERY));
        }
    }

    static Fixture createFixtures(Api api, String run) throws InterruptedException {
        String sku = Fixtures.products(api, "hostile-" + run, 1, 50, null).get(0);
        String slug = "hostile-" + run + "-cat";
        Api.Response cat = api.admin("POST", "/api/categories", Api.json(Map.of("name", "Hostile " + run, "slug", slug, "parent", "music")));
        require(cat, "POST /api/categories");
        Api.Response cart = api.post("/api/carts", null);
        require(cart, "POST /api/carts");
        String cartId = cart.json().path("id").asText();
        require(api.post("/api/carts/" + cartId + "/items", "{\"sku\":\"" + sku + "\",\"qty\":2}"), "POST items");
        String version = String.valueOf(api.get("/api/products/" + sku).json().path("version").asLong(1));
        JobRuns.Ended jobRun = JobRuns.runToEnd(api, "/api", "resolve-checkouts", "", 60_000);
        require(jobRun.trigger(), "POST /api/admin/jobs/resolve-checkouts");
        String runId = jobRun.trigger().json().path("id").asText();
        Api.Response paid = Fixtures.checkedOut(api, sku, 1, "hostile-order-" + run);
        JsonNode order = paid.json().path("order");
        if (!order.path("number").canConvertToLong() || order.path("token").asText("").isEmpty()) {
            throw new IllegalStateException("checkout answered no order: " + paid.body());
        }
        Api.Response subscription = api.admin("POST", "/api/admin/webhooks", Api.json(Map.of("url", WEBHOOK_URL + "-fixture",
                "events", List.of("product.changed"), "enabled", false)));
        require(subscription, "POST /api/admin/webhooks");
        return new Fixture(sku, slug, cartId, version, runId, order.path("number").asText(), order.path("token").asText(),
                subscription.json().path("id").asText());
    }

    /**
     * A receiver URL at a public address (an IP literal: no name to resolve), which a subscription may name. No request is
     * ever sent to it: the fixture's subscription is disabled, and every attack on the subscribing endpoint is refused.
     */
    static final String WEBHOOK_URL = "https://93.184.216.34/hostile";

    private static Map<String, String> snapshot(Args a) {
        try (Db db = new Db(a.required("mongo"))) {
            return db.snapshot();
        }
    }

    /** Every endpoint's attacks, {@code --concurrency} at a time; the tallies by endpoint, in the endpoints' order. */
    private static Map<String, Tally> sweep(Args a, Api api, List<Endpoint> endpoints, Map<String, String> params, Map<String, String> tokens,
                                            int minPerEndpoint) throws InterruptedException {
        Map<String, Tally> tallies = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(a.integer("concurrency", 4));
        for (Endpoint e : endpoints) {
            List<Attack> attacks = attacks(e, params, tokens, api.token, minPerEndpoint);
            Tally t = new Tally();
            tallies.put(e.name(), t);
            for (Attack at : attacks) {
                pool.submit(() -> fire(api, at, t));
            }
        }
        pool.shutdown();
        pool.awaitTermination(a.integer("max-seconds", 600), TimeUnit.SECONDS);
        pool.shutdownNow();
        return tallies;
    }

    /** The sweep as the report describes it: the tallies, the minimum per endpoint, the kinds of token, the documents compared. */
    private record Sweep(Map<String, Tally> tallies, int minPerEndpoint, int tokenKinds, int documents) {
    }

    /** The sums over every endpoint's tally. */
    private record Totals(long hostile, long probes, long failed, long fives, long refused, long probesPassed, boolean probesOk, int underMin) {

        static Totals of(Sweep sweep) {
            long total = 0;
            long probes = 0;
            long failed = 0;
            long fives = 0;
            long refusedTotal = 0;
            int underMin = 0;
            for (Tally t : sweep.tallies().values()) {
                total += t.hostile.get();
                probes += t.probes.get();
                failed += t.failed();
                fives += t.s5xx.get();
                refusedTotal += t.refused.get();
                if (t.hostile.get() < sweep.minPerEndpoint()) {
                    underMin++;
                }
            }
            Collection<Tally> all = sweep.tallies().values();
            return new Totals(total, probes, failed, fives, refusedTotal, probes - all.stream().mapToLong(t -> t.probesFailed.get()).sum(),
                    all.stream().allMatch(t -> t.probesFailed.get() == 0), underMin);
        }
    }

    /** Prints and writes the tables, the failures and the verdict line; the exit code. */
    private static int report(Args a, Sweep sweep, List<String> changes, Coverage coverage) throws java.io.IOException {
        Map<String, Tally> tallies = sweep.tallies();
        Totals totals = Totals.of(sweep);
        boolean ok = totals.failed() == 0 && changes.isEmpty() && totals.underMin() == 0 && coverage.ok();
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%d endpoints, %d hostile requests through the gateway (at least %d per endpoint), each from a client "
                        + "address of its own, %d kinds of token on admin routes, and %d probes of operator-like data in free-text query parameters; "
                        + "databases compared document by document before and after (%d documents). Pass rule: every hostile request refused "
                        + "with a 4xx other than 429, every probe answered with a 4xx or an empty list, no 5xx, nothing changed.%n%n",
                tallies.size(), totals.hostile(), sweep.minPerEndpoint(), sweep.tokenKinds(), totals.probes(), sweep.documents()));
        md.append(endpointTable(tallies)).append('\n');
        md.append(checkTable(sweep.minPerEndpoint(), totals, changes, coverage));
        List<String> examples = failureExamples(tallies);
        if (!examples.isEmpty()) {
            md.append("Requests that did not get what they had to (at most 6 per endpoint):\n\n");
            examples.forEach(x -> md.append("- ").append(x).append('\n'));
            md.append('\n');
        }
        if (!changes.isEmpty()) {
            md.append("State changes:\n\n");
            changes.stream().limit(20).forEach(x -> md.append("- ").append(x).append('\n'));
            md.append('\n');
        }
        md.append("Coverage: ").append(coverage.note()).append(".\n\n");
        System.out.println(md);
        ReservationBench.write(a, md.toString());
        tallies.forEach((name, t) -> t.failures.forEach(f -> System.out.println("FAILED " + name + " " + f)));
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": " + totals.hostile() + " hostile requests and " + totals.probes() + " probes on "
                + tallies.size() + " endpoints, not as required " + totals.failed() + " (5xx " + totals.fives() + "), state changes " + changes.size()
                + (coverage.ok() ? "" : ", coverage: " + coverage.note()));
        return ok ? 0 : 1;
    }

    private static StringBuilder endpointTable(Map<String, Tally> tallies) {
        StringBuilder table = new StringBuilder("| endpoint | hostile requests | refused (4xx) | accepted (2xx) | rate-limited (429) | 5xx | no answer | "
                + "probes (failing) | statuses seen |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Map.Entry<String, Tally> en : tallies.entrySet()) {
            Tally t = en.getValue();
            table.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %s | %s | %s | %s | %d (%s) | %s |%n", en.getKey(), t.hostile.get(), t.refused.get(),
                    bold(t.accepted.get()), bold(t.limited.get()), bold(t.s5xx.get()), bold(t.noAnswer.get() + t.other.get()), t.probes.get(),
                    bold(t.probesFailed.get()), new TreeSet<>(t.statuses)));
        }
        return table;
    }

    private static String checkTable(int minPerEndpoint, Totals totals, List<String> changes, Coverage coverage) {
        return String.format(Locale.ROOT, "| check | measured | verdict |%n|---|---|---|%n"
                        + "| hostile requests refused with a 4xx (not 429) | %d of %d | %s |%n"
                        + "| probes answered with a 4xx or an empty list | %d of %d | %s |%n"
                        + "| 5xx answers | %d | %s |%n"
                        + "| state changes (documents added, removed or changed in catalog, categories, cart) | %d | %s |%n"
                        + "| endpoints with fewer than %d hostile requests | %d | %s |%n"
                        + "| operations of `GET /api/openapi` not swept | %s | %s |%n%n",
                totals.refused(), totals.hostile(), totals.refused() == totals.hostile() ? "ok" : "**FAIL**",
                totals.probesPassed(), totals.probes(), totals.probesOk() ? "ok" : "**FAIL**",
                totals.fives(), totals.fives() == 0 ? "ok" : "**FAIL**", changes.size(), changes.isEmpty() ? "ok" : "**FAIL**",
                minPerEndpoint, totals.underMin(), totals.underMin() == 0 ? "ok" : "**FAIL**",
                coverage.readable() ? String.valueOf(coverage.notSwept().size()) : "document not readable", coverage.ok() ? "ok" : "**FAIL**");
    }

    /** At most 6 failures per endpoint, and how many more there were. */
    private static List<String> failureExamples(Map<String, Tally> tallies) {
        List<String> examples = new ArrayList<>();
        for (Map.Entry<String, Tally> en : tallies.entrySet()) {
            Tally t = en.getValue();
            synchronized (t.failures) {
                for (String b : t.failures.subList(0, Math.min(6, t.failures.size()))) {
                    examples.add("`" + en.getKey() + "` " + b);
                }
                if (t.failures.size() > 6) {
                    examples.add("`" + en.getKey() + "` … and " + (t.failures.size() - 6) + " more");
                }
            }
        }
        return examples;
    }

    static String bold(long n) {
        return n == 0 ? "0" : "**" + n + "**";
    }

    static void require(Api.Response r, String what) {
        if (!r.ok()) {
            throw new IllegalStateException(what + " -> " + r.status() + " " + r.body());
        }
    }

    static List<Endpoint> endpoints(Fixture fixture) {
        Map<String, String> ifMatch = Map.of("If-Match", "\"" + fixture.version() + "\"");
        return java.util.stream.Stream.of(catalogEndpoints(fixture.sku(), ifMatch), categoryEndpoints(), cartEndpoints(fixture.sku()),
                orderEndpoints(fixture.orderToken()), inventoryAndJobEndpoints(), webhookEndpoints(), bulkEndpoints(), gatewayEndpoints())
                .flatMap(List::stream).toList();
    }

    private static List<Endpoint> catalogEndpoints(String sku, Map<String, String> ifMatch) {
        String product = Fixtures.product("hostile-new-sku", 7);
        String replace = Fixtures.product(sku, 8);
        String variant = "{\"sku\":\"hostile-variant\",\"options\":{\"size\":\"M\"}}";
        String type = "{\"name\":\"Hostile Type\",\"description\":\"x\",\"attributes\":[{\"name\":\"color\",\"type\":\"string\",\"required\":false}]}";
        List<String> productQuery = List.of("type", "genre", "actor", "minSavingsPct", "title", "titlePrefix", "keyword", "category", "sort", "limit", "cursor",
                "q", "facets", "price");
        return List.of(
                new Endpoint("GET", "/api/products", false, null, productQuery, Map.of()),
                new Endpoint("GET", "/api/products/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/products", true, product, List.of(), Map.of()),
                new Endpoint("PUT", "/api/products/{sku}", true, replace, List.of(), ifMatch),
                new Endpoint("DELETE", "/api/products/{sku}", true, null, List.of(), ifMatch),
                new Endpoint("POST", "/api/products/{key}/variants", true, variant, List.of(), ifMatch),
                new Endpoint("PUT", "/api/products/{key}/variants/{sku}", true, variant, List.of(), ifMatch),
                new Endpoint("DELETE", "/api/products/{key}/variants/{sku}", true, null, List.of(), ifMatch),
                new Endpoint("GET", "/api/product-types", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/product-types/{name}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/product-types", true, type, List.of(), Map.of()));
    }

    private static List<Endpoint> categoryEndpoints() {
        return List.of(
                new Endpoint("GET", "/api/categories", false, null, List.of("tree", "limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/children", false, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/descendants", false, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/subtree-ids", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/categories", true, Api.json(Map.of("name", "Hostile new", "slug", "hostile-new-slug", "parent", "music")), List.of(), Map.of()),
                new Endpoint("PATCH", "/api/categories/{slug}", true, "{\"parent\":\"jazz\"}", List.of(), Map.of()),
                new Endpoint("DELETE", "/api/categories/{slug}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/categories/verify", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/categories/repair", true, null, List.of(), Map.of()));
    }

    private static List<Endpoint> cartEndpoints(String sku) {
        return List.of(
                new Endpoint("POST", "/api/carts", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/carts/{id}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/carts/{id}/items", false, "{\"sku\":\"" + sku + "\",\"qty\":1}", List.of(), Map.of()),
                new Endpoint("PUT", "/api/carts/{id}/items/{sku}", false, "{\"qty\":1}", List.of(), Map.of()),
                new Endpoint("DELETE", "/api/carts/{id}/items/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/carts/{id}/checkout", false, "{\"payment\":{\"method\":\"card\",\"simulate\":\"approve\"}}", List.of(),
                        Map.of("Idempotency-Key", "hostile-key-1")));
    }

    private static List<Endpoint> orderEndpoints(String orderToken) {
        List<String> filter = List.of("status", "from", "to", "sku");
        List<String> page = java.util.stream.Stream.concat(filter.stream(), java.util.stream.Stream.of("limit", "cursor")).toList();
        return List.of(
                // the shopper's read: every wrong token is a 404, as an unknown number is
                new Endpoint("GET", "/api/orders/{number}", false, null, List.of(), Map.of("Order-Token", orderToken)),
                new Endpoint("GET", "/api/admin/orders", true, null, page, Map.of()),
                new Endpoint("GET", "/api/admin/orders/export", true, null, filter, Map.of()),
                new Endpoint("GET", "/api/admin/orders/summary", true, null, List.of("from", "to", "limit"), Map.of()),
                new Endpoint("GET", "/api/admin/orders/{number}", true, null, List.of(), Map.of()),
                // the fixture's order, which a request that got past validation would cancel or fulfil
                new Endpoint("POST", "/api/admin/orders/{number}/cancel", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/orders/{number}/fulfil", true, null, List.of(), Map.of()));
    }

    private static List<Endpoint> inventoryAndJobEndpoints() {
        return List.of(
                new Endpoint("GET", "/api/inventory/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/inventory", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/{sku}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/overview", true, null, List.of("limit", "window"), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/{sku}/holders", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("PUT", "/api/inventory/{sku}", true, "{\"qty\":5}", List.of(), Map.of()),
                new Endpoint("POST", "/api/inventory/{sku}/restock", true, "{\"qty\":5}", List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/jobs/{job}", true, null, List.of("olderThan"), Map.of()),
                new Endpoint("GET", "/api/admin/jobs/runs", true, null, List.of("job", "limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/jobs/runs/{run}", true, null, List.of(), Map.of()));
    }

    /**
     * The webhook admin API. Its valid bodies would subscribe a public URL or change the fixture's subscription; each attack
     * breaks one part of them (a field of the wrong type or outside its syntax, an undeclared parameter, a bad token, ...), so
     * none is valid. {@code enabled} is left out of them: its one mutation of its own type (a boolean) would be valid.
     */
    private static List<Endpoint> webhookEndpoints() {
        String subscribe = Api.json(Map.of("url", WEBHOOK_URL, "events", List.of("order.placed", "inventory.sold_out")));
        String change = Api.json(Map.of("events", List.of("product.changed")));
        return List.of(
                new Endpoint("POST", "/api/admin/webhooks", true, subscribe, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/webhooks", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/webhooks/{subscription}", true, null, List.of(), Map.of()),
                new Endpoint("PATCH", "/api/admin/webhooks/{subscription}", true, change, List.of(), Map.of()),
                new Endpoint("DELETE", "/api/admin/webhooks/{subscription}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/webhooks/{subscription}/deliveries", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("POST", "/api/admin/webhooks/{subscription}/deliveries/{delivery}/redeliver", true, null, List.of(), Map.of()));
    }

    private static List<Endpoint> bulkEndpoints() {
        return List.of(
                // bulk import and export: an upload is NDJSON only (a JSON or body-less POST is refused before a run
                // starts); the run ids swept are not runs ({id} is the fixture cart's id), so every answer is a 4xx
                new Endpoint("POST", "/api/admin/catalog/import", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/imports", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/imports/{id}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/imports/{id}/rejects", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/export", true, null, List.of(), Map.of()),
                // the search index's jobs: a start takes no body and no parameter (every attack is refused before a
                // run starts); the run ids swept are not run ids ({id} is the fixture cart's id): 400 naming id
                new Endpoint("POST", "/api/admin/catalog/search-index/verify", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/search-index/verify/{id}", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/catalog/search-index/rebuild", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/catalog/search-index/rebuild/{id}", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/categories/import", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/categories/imports", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/categories/imports/{id}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/categories/imports/{id}/rejects", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/categories/export", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/inventory/import", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/imports", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/imports/{id}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/imports/{id}/rejects", true, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/inventory/export", true, null, List.of(), Map.of()));
    }

    private static List<Endpoint> gatewayEndpoints() {
        return List.of(
                // the gateway's own document reads its one parameter and, unlike the services, ignores others
                new Endpoint("GET", "/api/openapi", false, null, List.of("format"), Map.of(), false));
    }

    /** What the API document says the sweep misses; {@code readable} false when the document could not be had. */
    record Coverage(boolean readable, List<String> notSwept, String note) {

        boolean ok() {
            return readable && notSwept.isEmpty();
        }
    }

    /**
     * Compares the swept endpoints with the one API document the gateway publishes
     * ({@code GET /api/openapi}: every operation of the three services at its public path, and the
     * gateway's own). Every operation there must be swept; a document that cannot be read fails the
     * case too, or the sweep would silently stop following the API.
     */
    static Coverage crossCheck(Api api, List<Endpoint> endpoints) {
        Set<String> known = new java.util.HashSet<>();
        for (Endpoint e : endpoints) {
            known.add(e.method() + " " + e.template().replaceAll("\\{[^}]+}", "{}"));
        }
        Api.Response r = api.get("/api/openapi?format=json");
        JsonNode paths = r.ok() ? r.json().path("paths") : null;
        if (paths == null || !paths.isObject() || paths.isEmpty()) {
            return new Coverage(false, List.of(), "`GET /api/openapi` could not be read (" + r.status() + " "
                    + abbreviate(String.valueOf(r.body()), 160) + ")");
        }
        List<String> notSwept = new ArrayList<>();
        int operations = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            for (Iterator<String> m = p.getValue().fieldNames(); m.hasNext(); ) {
                String method = m.next().toUpperCase(Locale.ROOT);
                if (!Set.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    continue;
                }
                operations++;
                String key = method + " " + p.getKey().replaceAll("\\{[^}]+}", "{}");
                if (!known.contains(key)) {
                    notSwept.add(method + " " + p.getKey());
                }
            }
        }
        return new Coverage(true, notSwept, notSwept.isEmpty()
                ? "all " + operations + " operations of `GET /api/openapi` are swept"
                : "**not swept** (in `GET /api/openapi`, not in the sweep): " + String.join(", ", notSwept));
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String fill(String template, Map<String, String> params, String param, String value) {
        String path = template;
        for (Map.Entry<String, String> p : params.entrySet()) {
            String v = p.getKey().equals(param) ? value : enc(p.getValue());
            path = path.replace("{" + p.getKey() + "}", v);
        }
        return path;
    }

    /** Whether {@code value} (as it arrives, percent-decoded) is valid for path parameter {@code param}: then it is not hostile. */
    static boolean validPathValue(String param, String encoded) {
        String value = decode(encoded);
        return switch (param) {
            case "sku", "key" -> SKU.matcher(value).matches();
            case "slug" -> value.length() <= 64 && SLUG.matcher(value).matches();
            case "job" -> JOBS.contains(value);
            default -> false; // ids and names: a hostile string names nothing that exists
        };
    }

    static List<Attack> attacks(Endpoint e, Map<String, String> params, Map<String, String> tokens, String adminToken, int min) {
        Target target = new Target(e, fill(e.template(), params, null, null), e.body() == null ? null : e.body().getBytes(StandardCharsets.UTF_8),
                e.admin() ? "Bearer " + adminToken : null);
        List<Attack> out = new ArrayList<>();
        pathAttacks(target, params, out);
        queryAttacks(target, out);
        bodyAttacks(target, out);
        headerAttacks(target, out);
        tokenAttacks(target, tokens, adminToken, out);
        padToMinimum(target, min, out);
        return out;
    }

    /** The endpoint attacked: its path with the fixtures' values, its valid body (null: none), its authorization (null: none). */
    private record Target(Endpoint e, String base, byte[] body, String auth) {

        /** An attack that must be refused, sent as JSON with the endpoint's own headers. */
        Attack refused(String kind, String path, byte[] body, String contentType) {
            return new Attack(kind, e.method(), path, body, contentType, e.headers(), auth, Expect.REFUSED);
        }

        Attack refused(String kind, String path) {
            return refused(kind, path, body, "application/json");
        }
    }

    /** 1. path parameters: every hostile string outside the parameter's syntax, and raw traversal / invalid-UTF-8 segments. */
    private static void pathAttacks(Target target, Map<String, String> params, List<Attack> out) {
        Endpoint e = target.e();
        List<String> pathParams = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(e.template());
        while (m.find()) {
            pathParams.add(m.group(1));
        }
        for (String p : pathParams) {
            for (String h : HOSTILE) {
                if (!h.isEmpty() && !validPathValue(p, enc(h))) {
                    out.add(target.refused("path " + p, fill(e.template(), params, p, enc(h))));
                }
            }
            for (String raw : RAW_SEGMENTS) {
                // GET <base>/imports/.. is <base> once the dot segments are resolved: for /api/admin/inventory that is
                // the holdings list, a read the same admin may make, not a way around anything; likewise
                // /api/products/{key}/variants/.. is the product itself, which the same admin may change or delete
                boolean resolvesToBase = raw.equals("..") && (e.method().equals("GET") && (e.template().endsWith("/imports/{" + p + "}")
                        || e.template().equals("/api/admin/orders/{number}") || e.template().equals("/api/admin/webhooks/{subscription}"))
                        || e.template().endsWith("/variants/{" + p + "}"));
                if (!validPathValue(p, raw) && !resolvesToBase) {
                    out.add(target.refused("path " + p + " raw", fill(e.template(), params, p, raw)));
                }
            }
        }
    }

    /** 2. query parameters: operators in names, repeated and undeclared ones, out-of-range values. */
    private static void queryAttacks(Target target, List<Attack> out) {
        Endpoint e = target.e();
        String base = target.base();
        String qp = e.query().stream().filter(name -> !REPEATABLE_QUERY.contains(name)).findFirst().orElse("x");
        for (String q : !e.strictQuery() ? List.<String>of() : List.of(qp + "[$ne]=x", qp + "[$gt]=", "$where=1", qp + "=a&" + qp + "=b", "__proto__[admin]=1",
                "filter=" + enc("{\"$ne\":null}"), "status=complete", "_id=" + enc("{\"$gt\":\"\"}"), "olderThan=-PT1S",
                "olderThan=" + enc("P-1D"), "olderThan=PT99999999999999999999S", "limit=-1", "limit=99999999999999999999", "limit=1e309")) {
            out.add(target.refused("query", base + "?" + q));
        }
        // hostile values in declared (or undeclared) ones: refused, except operator-like text in a free-text filter of a read, a probe
        for (String param : e.query().isEmpty() ? List.of("x") : e.query()) {
            boolean freeText = e.method().equals("GET") && FREE_TEXT_QUERY.contains(param);
            List<String> values = new ArrayList<>(List.of("{\"$ne\":null}", "{\"$gt\":\"\"}", "a".repeat(5000), "9".repeat(400), "-1", "1e309", "%FF%FE", "..%2F..", "[]"));
            if (!e.strictQuery()) {
                // its one parameter gets every hostile string and raw segment instead of undeclared parameters
                HOSTILE.stream().filter(h -> !h.isEmpty()).forEach(values::add);
                values.addAll(RAW_SEGMENTS);
            }
            for (String h : values) {
                String v = h.startsWith("%") || h.startsWith("..%") || RAW_SEGMENTS.contains(h) ? h : enc(h);
                if (validQueryValue(e.template(), param, decode(v))) {
                    continue;
                }
                out.add(new Attack("query " + param, e.method(), base + "?" + param + "=" + v, target.body(), "application/json", e.headers(), target.auth(),
                        freeText ? (RANKED_TEXT_QUERY.contains(param) ? Expect.TEXT : Expect.INERT) : Expect.REFUSED));
            }
        }
    }

    /** 3. bodies: whole bodies that are not the contract, other media types, every field mutated; a body where none is read. */
    private static void bodyAttacks(Target target, List<Attack> out) {
        Endpoint e = target.e();
        String base = target.base();
        if (target.body() != null) {
            for (Map.Entry<String, byte[]> b : wholeBodies().entrySet()) {
                out.add(target.refused("body: " + b.getKey(), base, b.getValue(), "application/json"));
            }
            out.add(target.refused("body as text/plain", base, target.body(), "text/plain"));
            out.add(target.refused("body as form", base, "qty=1&sku=x".getBytes(StandardCharsets.UTF_8), "application/x-www-form-urlencoded"));
            out.add(target.refused("body as xml", base, "<qty>1</qty>".getBytes(StandardCharsets.UTF_8), "application/xml"));
            ObjectNode valid = (ObjectNode) Api.JSON.valueToTree(parse(e.body()));
            // on PUT the path names the product: the body's sku may be left out (it must equal the path when given)
            Set<String> optional = new java.util.HashSet<>(OPTIONAL_FIELDS);
            if (e.method().equals("PUT")) {
                optional.add("sku");
            }
            for (Map.Entry<String, String> field : fieldMutations(valid, optional).entrySet()) {
                out.add(target.refused("field " + field.getKey(), base, field.getValue().getBytes(StandardCharsets.UTF_8), "application/json"));
            }
        } else if (!e.method().equals("GET") && !e.template().equals("/api/carts") && e.admin()) {
            // an endpoint without a body that gets one anyway (and an undeclared parameter): must not be read as anything
            out.add(target.refused("unexpected body", base + "?x=1", "{\"$ne\":null}".getBytes(StandardCharsets.UTF_8), "application/json"));
        }
    }

    /** 4. headers the endpoint reads, with values outside their syntax (not "*", a valid precondition, nor empty, read as none). */
    private static void headerAttacks(Target target, List<Attack> out) {
        Endpoint e = target.e();
        for (String header : e.headers().keySet()) {
            for (String h : List.of("{\"$ne\":null}", "W/\"x\"", "\"-1\"", "\"99999999999999999999\"", "\"1e3\"", "\"2\", \"3\"", "a".repeat(300),
                    "../../x", "\"abc\"", "$ne", "1e309")) {
                if (header.equals("Idempotency-Key") && IDEMPOTENCY_KEY.matcher(h).matches()) {
                    continue; // a valid key: the checkout would simply happen
                }
                Map<String, String> hs = new HashMap<>(e.headers());
                hs.put(header, h);
                out.add(new Attack("header " + header, e.method(), target.base(), target.body(), "application/json", hs, target.auth(), Expect.REFUSED));
            }
        }
    }

    /** 5. tokens on admin routes: the request is otherwise valid. */
    private static void tokenAttacks(Target target, Map<String, String> tokens, String adminToken, List<Attack> out) {
        Endpoint e = target.e();
        if (!e.admin()) {
            return;
        }
        String base = target.base();
        for (Map.Entry<String, String> t : tokens.entrySet()) {
            out.add(new Attack("token: " + t.getKey(), e.method(), base, target.body(), "application/json", e.headers(), t.getValue(), Expect.REFUSED));
            out.add(new Attack("token: " + t.getKey() + " + operator query", e.method(), base + "?x[$ne]=1", target.body(), "application/json", e.headers(),
                    t.getValue(), Expect.REFUSED));
        }
        out.add(new Attack("token in the query string", e.method(), base + "?access_token=" + adminToken, target.body(), "application/json", e.headers(), null,
                Expect.REFUSED));
    }

    /** Pads to the minimum with undeclared query parameters holding hostile values. */
    private static void padToMinimum(Target target, int min, List<Attack> out) {
        int i = 0;
        while (target.e().strictQuery() && out.stream().filter(x -> x.expect() == Expect.REFUSED).count() < min && i < HOSTILE.size() * 2) {
            String h = HOSTILE.get(i % HOSTILE.size());
            String name = i < HOSTILE.size() ? "q" + i : enc(h.isEmpty() ? "empty" : h.length() > 50 ? h.substring(0, 50) : h);
            out.add(target.refused("undeclared query", target.base() + "?" + name + "=" + enc(h)));
            i++;
        }
    }

    static Object parse(String json) {
        try {
            return Api.JSON.readValue(json, Object.class);
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    static Map<String, byte[]> wholeBodies() {
        Map<String, byte[]> b = new LinkedHashMap<>();
        for (String s : List.of("not json", "", "null", "[]", "\"string\"", "12345", "{}", "{\"$ne\":null}", "{\"$where\":\"1==1\"}",
                "{\"$set\":{\"qty\":1000000}}", "{\"qty\":1,", "{\"qty\":1}}", "{'qty':1}", "{\"qty\":1 /* c */}")) {
            b.put(s.isEmpty() ? "(empty)" : s, s.getBytes(StandardCharsets.UTF_8));
        }
        b.put("bad UTF-8 bytes", new byte[] {'{', '"', 'q', 't', 'y', '"', ':', '"', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '"', '}'});
        b.put("lone surrogate escape", "{\"name\":\"\\uD800\",\"slug\":\"\\uDFFF\",\"sku\":\"\\uD800\"}".getBytes(StandardCharsets.UTF_8));
        b.put("UTF-16 body", "{\"qty\":1}".getBytes(StandardCharsets.UTF_16));
        b.put("oversized (2 MiB)", ("{\"qty\":1,\"pad\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8));
        b.put("deeply nested (10,000 levels)", ("[".repeat(10_000) + "]".repeat(10_000)).getBytes(StandardCharsets.UTF_8));
        b.put("deeply nested object", ("{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000)).getBytes(StandardCharsets.UTF_8));
        b.put("huge number", "{\"qty\":1e999999}".getBytes(StandardCharsets.UTF_8));
        b.put("very long number", ("{\"qty\":" + "9".repeat(100_000) + "}").getBytes(StandardCharsets.UTF_8));
        b.put("NUL bytes", "{\"qty\":1}\u0000\u0000".getBytes(StandardCharsets.UTF_8));
        return b;
    }

    /** For every field (and nested field) of a valid body: the body with that field replaced by a hostile value. */
    static Map<String, String> fieldMutations(ObjectNode valid, Set<String> optional) {
        Map<String, String> out = new LinkedHashMap<>();
        List<Object[]> values = List.of(
                new Object[] {"{$ne:null}", neNull()}, new Object[] {"{$gt:''}", Map.of("$gt", "")},
                new Object[] {"{$exists:true}", Map.of("$exists", true)}, new Object[] {"[{$ne:null}]", List.of(Map.of("$ne", 1))},
                new Object[] {"wrong type: bool", true}, new Object[] {"wrong type: array", List.of(1, 2)},
                new Object[] {"wrong type: object", Map.of("a", 1)}, new Object[] {"huge integer", new java.math.BigInteger("9".repeat(40))},
                new Object[] {"-2^63-1", new java.math.BigInteger("-9223372036854775809")}, new Object[] {"negative", -5},
                new Object[] {"fraction", 1.5}, new Object[] {"long string (100k)", "x".repeat(100_000)},
                new Object[] {"$-prefixed string", "$where"}, new Object[] {"null", null});
        mutate(valid, "", valid, values, optional, out);
        ObjectNode extra = valid.deepCopy();
        extra.putObject("$set").put("qty", 1_000_000);
        out.put("extra field $set", extra.toString());
        ObjectNode extra2 = valid.deepCopy();
        extra2.put("_id", "forged-id");
        extra2.put("status", "complete");
        extra2.put("version", 999);
        extra2.put("stocked", 999);
        out.put("extra fields _id/status/version/stocked", extra2.toString());
        ObjectNode dup = valid.deepCopy();
        out.put("duplicate key", dup.toString().replaceFirst("\\{", "{\"qty\":999999,") );
        return out;
    }

    private static Map<String, Object> neNull() {
        Map<String, Object> m = new HashMap<>();
        m.put("$ne", null);
        return m;
    }

    private static void mutate(ObjectNode root, String prefix, ObjectNode node, List<Object[]> values, Set<String> optional, Map<String, String> out) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            JsonNode child = node.get(field);
            String path = prefix + field;
            for (Object[] v : values) {
                // skip values of the field's own kind that may be legitimate (a string for a string, etc.); in free
                // text any string is data, "$where" included
                if (child.isTextual() && v[1] instanceof String s && (!s.startsWith("$") || FREE_TEXT_FIELDS.contains(path)) && s.length() < 100_000) {
                    continue;
                }
                if ("null".equals(v[0]) && optional.contains(path)) {
                    continue; // an optional field may be null
                }
                if (child.isTextual() && "null".equals(v[0]) && !path.equals("sku") && !path.equals("slug") && !path.equals("name")
                        && !path.equals("title") && !path.equals("type") && !path.equals("payment.method")) {
                    continue; // optional strings may be null
                }
                if ("fraction".equals(v[0]) && child.isFloatingPointNumber()) {
                    continue;
                }
                if (child.isNumber() && "negative".equals(v[0]) && !(path.contains("qty") || path.contains("pricing") || path.contains("shipping"))) {
                    continue;
                }
                ObjectNode copy = root.deepCopy();
                ObjectNode target = prefix.isEmpty() ? copy : (ObjectNode) copy.at("/" + prefix.substring(0, prefix.length() - 1).replace(".", "/"));
                target.set(field, Api.JSON.valueToTree(v[1]));
                out.put(path + " = " + v[0], copy.toString());
            }
            if (child.isObject()) {
                mutate(root, path + ".", (ObjectNode) child, values, optional, out);
            }
        }
    }

    static void fire(Api api, Attack at, Tally t) {
        Map<String, String> headers = new HashMap<>(at.headers());
        if (at.auth() != null) {
            headers.put("Authorization", at.auth());
        }
        if (at.body() != null && at.contentType() != null) {
            headers.put("Content-Type", at.contentType());
        }
        Api.Response r = api.send(at.method(), at.path(), at.body(), false, headers);
        if ("io".equals(r.errorKind())) {
            // a pooled keep-alive connection the server had closed after an earlier refusal: once more on a new one
            r = api.send(at.method(), at.path(), at.body(), false, headers);
        }
        if (r.status() == -2) {
            return; // the client itself refused to send it (e.g. a header value it will not encode): not counted
        }
        (at.expect() == Expect.REFUSED ? t.hostile : t.probes).incrementAndGet();
        String what = at.kind() + " (`" + at.method() + " " + abbreviate(at.path(), 90) + "`, " + (at.body() == null ? 0 : at.body().length) + " body bytes)";
        if (r.status() < 0) {
            t.noAnswer.incrementAndGet();
            t.failures.add(what + " → no answer (" + r.errorKind() + ": " + abbreviate(String.valueOf(r.body()), 120) + ")");
            return;
        }
        t.statuses.add(r.status());
        String answer = r.body() == null ? "" : abbreviate(r.body().replaceAll("\\s+", " "), 160);
        if (r.status() >= 500) {
            t.s5xx.incrementAndGet();
            t.failures.add(what + " → " + r.status() + " " + answer);
        } else if (r.status() == 429) {
            t.limited.incrementAndGet();
            t.failures.add(what + " → 429 (the rate limiter answered, not the validation)");
        } else if (r.status() >= 400) {
            if (at.expect() == Expect.REFUSED) {
                t.refused.incrementAndGet();
            }
        } else if (at.expect() == Expect.INERT) {
            JsonNode items = r.json().path("items");
            if (!r.ok() || !items.isArray() || !items.isEmpty()) {
                t.probesFailed.incrementAndGet();
                t.failures.add("probe " + what + " → " + r.status() + " with " + (items.isArray() ? items.size() + " items" : "no item list")
                        + " (operator-like text must be data: no match)");
            }
        } else if (at.expect() == Expect.TEXT) {
            if (!r.ok() || !r.json().path("items").isArray()) {
                t.probesFailed.incrementAndGet();
                t.failures.add("probe " + what + " → " + r.status() + " without an item list");
            }
        } else if (r.ok()) {
            t.accepted.incrementAndGet();
            t.failures.add(what + " → " + r.status() + " accepted");
        } else {
            t.other.incrementAndGet();
            t.failures.add(what + " → " + r.status());
        }
    }

    static String abbreviate(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n) + "…";
    }

    static List<String> diff(Map<String, String> before, Map<String, String> after) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> b : before.entrySet()) {
            String a = after.get(b.getKey());
            if (a == null) {
                out.add("removed " + b.getKey());
            } else if (!a.equals(b.getValue())) {
                out.add("changed " + b.getKey() + ": " + abbreviate(b.getValue(), 200) + " → " + abbreviate(a, 200));
            }
        }
        for (String k : after.keySet()) {
            if (!before.containsKey(k)) {
                out.add("added " + k + ": " + abbreviate(after.get(k), 200));
            }
        }
        return out;
    }
}

package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * bench/chaos case 4: for every endpoint behind the gateway, at least 50 malformed or hostile
 * requests (operator objects, wrong types, huge numbers, long strings, bad UTF-8, oversized and
 * deeply nested bodies, path traversal, query-parameter operators, missing/forged/expired tokens).
 * Passes when no answer is a 5xx, every request is answered, and the three databases are exactly
 * as before (every document of every collection compared).
 */
final class HostileSweep {

    /** An endpoint: method, gateway path template, admin?, a valid body (null: none), its query params and headers. */
    record Endpoint(String method, String template, boolean admin, String body, List<String> query, Map<String, String> headers) {

        String name() {
            return method + " " + template;
        }
    }

    record Attack(String kind, String method, String path, byte[] body, String contentType, Map<String, String> headers, String auth) {
    }

    static final class Tally {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong s2xx = new AtomicLong();
        final AtomicLong s4xx = new AtomicLong();
        final AtomicLong s5xx = new AtomicLong();
        final AtomicLong other = new AtomicLong();
        final AtomicLong noAnswer = new AtomicLong();
        final List<String> bad = java.util.Collections.synchronizedList(new ArrayList<>());
        final Set<Integer> statuses = ConcurrentHashMap.newKeySet();
        /** Writes that were accepted (2xx): each one is a state change unless it did nothing. */
        final List<String> accepted = java.util.Collections.synchronizedList(new ArrayList<>());
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
        Api api = new Api(gateway, a.required("token"), Duration.ofSeconds(a.integer("timeout", 30)), 4);
        Jwt jwt = new Jwt(Path.of(a.required("keys")), a.str("issuer", "https://shop.example/issuer"));
        int minPerEndpoint = a.integer("min", 50);
        String run = Long.toString(System.currentTimeMillis(), 36);

        // fixtures, created before the "before" snapshot
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

        Map<String, String> params = Map.of("sku", sku, "slug", slug, "id", cartId, "name", "Audio Album",
                "job", "resolve-checkouts", "run", runId);
        List<Endpoint> endpoints = endpoints(sku, slug, version);
        List<String> undocumented = crossCheck(a, endpoints);

        Thread.sleep(a.seconds("quiet", 1).toMillis());
        Map<String, String> before;
        try (Db db = new Db(a.required("mongo"))) {
            before = db.snapshot();
        }

        Map<String, Tally> tallies = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(a.integer("concurrency", 4));
        Map<String, String> tokens = jwt.hostile();
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
        Thread.sleep(a.seconds("quiet", 1).toMillis());

        Map<String, String> after;
        try (Db db = new Db(a.required("mongo"))) {
            after = db.snapshot();
        }
        List<String> changes = diff(before, after);

        long total = 0;
        long fives = 0;
        long unanswered = 0;
        int underMin = 0;
        StringBuilder table = new StringBuilder("| endpoint | hostile requests | 2xx | 4xx | 5xx | no answer | statuses seen |\n|---|---:|---:|---:|---:|---:|---|\n");
        List<String> examples = new ArrayList<>();
        for (Map.Entry<String, Tally> en : tallies.entrySet()) {
            Tally t = en.getValue();
            total += t.sent.get();
            fives += t.s5xx.get();
            unanswered += t.noAnswer.get();
            if (t.sent.get() < minPerEndpoint) {
                underMin++;
            }
            table.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %d | %s | %s | %s |%n", en.getKey(), t.sent.get(), t.s2xx.get(),
                    t.s4xx.get(), t.s5xx.get() == 0 ? "0" : "**" + t.s5xx.get() + "**", t.noAnswer.get() == 0 ? "0" : "**" + t.noAnswer.get() + "**",
                    new TreeSet<>(t.statuses)));
            synchronized (t.bad) {
                for (String b : t.bad.subList(0, Math.min(4, t.bad.size()))) {
                    examples.add("`" + en.getKey() + "` " + b);
                }
            }
            synchronized (t.accepted) {
                for (String b : t.accepted.subList(0, Math.min(4, t.accepted.size()))) {
                    examples.add("`" + en.getKey() + "` accepted: " + b);
                }
            }
        }
        boolean ok = fives == 0 && unanswered == 0 && changes.isEmpty() && underMin == 0;
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%d endpoints, %d hostile requests through the gateway (at least %d per endpoint), %d kinds of token on admin routes; "
                + "databases compared document by document before and after (%d documents).%n%n", tallies.size(), total, minPerEndpoint,
                tokens.size(), before.size()));
        md.append(table).append('\n');
        md.append(String.format(Locale.ROOT, "| check | measured | verdict |%n|---|---|---|%n| 5xx answers | %d | %s |%n| requests without an answer | %d | %s |%n"
                        + "| state changes (documents added, removed or changed in catalog, categories, cart) | %d | %s |%n"
                        + "| endpoints with fewer than %d hostile requests | %d | %s |%n%n",
                fives, fives == 0 ? "ok" : "**FAIL**", unanswered, unanswered == 0 ? "ok" : "**FAIL**", changes.size(),
                changes.isEmpty() ? "ok" : "**FAIL**", minPerEndpoint, underMin, underMin == 0 ? "ok" : "**FAIL**"));
        if (!examples.isEmpty()) {
            md.append("Failing answers and accepted writes (first of each endpoint):\n\n");
            examples.forEach(x -> md.append("- ").append(x).append('\n'));
            md.append('\n');
        }
        if (!changes.isEmpty()) {
            md.append("State changes:\n\n");
            changes.stream().limit(15).forEach(x -> md.append("- ").append(x).append('\n'));
            md.append('\n');
        }
        if (!undocumented.isEmpty()) {
            md.append("OpenAPI cross-check: ").append(String.join("; ", undocumented)).append("\n\n");
        }
        System.out.println(md);
        ReservationBench.write(a, md.toString());
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": " + total + " hostile requests on " + tallies.size() + " endpoints, 5xx " + fives
                + ", unanswered " + unanswered + ", state changes " + changes.size());
        return ok ? 0 : 1;
    }

    static void require(Api.Response r, String what) {
        if (!r.ok()) {
            throw new IllegalStateException(what + " -> " + r.status() + " " + r.body());
        }
    }

    static List<Endpoint> endpoints(String sku, String slug, String version) {
        String product = Fixtures.product("hostile-new-sku", 7);
        String replace = Fixtures.product(sku, 8);
        String type = "{\"name\":\"Hostile Type\",\"description\":\"x\",\"attributes\":[{\"name\":\"color\",\"type\":\"string\",\"required\":false}]}";
        Map<String, String> ifMatch = Map.of("If-Match", "\"" + version + "\"");
        List<String> productQuery = List.of("type", "genre", "actor", "minSavingsPct", "title", "titlePrefix", "keyword", "category", "sort", "limit", "cursor");
        return List.of(
                new Endpoint("GET", "/api/products", false, null, productQuery, Map.of()),
                new Endpoint("GET", "/api/products/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/products", true, product, List.of(), Map.of()),
                new Endpoint("PUT", "/api/products/{sku}", true, replace, List.of(), ifMatch),
                new Endpoint("DELETE", "/api/products/{sku}", true, null, List.of(), ifMatch),
                new Endpoint("GET", "/api/product-types", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/product-types/{name}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/product-types", true, type, List.of(), Map.of()),
                new Endpoint("GET", "/api/categories", false, null, List.of("tree", "limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/children", false, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/descendants", false, null, List.of("limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/categories/{slug}/subtree-ids", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/categories", true, Api.json(Map.of("name", "Hostile new", "slug", "hostile-new-slug", "parent", "music")), List.of(), Map.of()),
                new Endpoint("PATCH", "/api/categories/{slug}", true, "{\"parent\":\"jazz\"}", List.of(), Map.of()),
                new Endpoint("DELETE", "/api/categories/{slug}", true, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/admin/categories/verify", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/categories/repair", true, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/carts", false, null, List.of(), Map.of()),
                new Endpoint("GET", "/api/carts/{id}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/carts/{id}/items", false, "{\"sku\":\"" + sku + "\",\"qty\":1}", List.of(), Map.of()),
                new Endpoint("PUT", "/api/carts/{id}/items/{sku}", false, "{\"qty\":1}", List.of(), Map.of()),
                new Endpoint("DELETE", "/api/carts/{id}/items/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("POST", "/api/carts/{id}/checkout", false, "{\"payment\":{\"method\":\"card\",\"simulate\":\"approve\"}}", List.of(),
                        Map.of("Idempotency-Key", "hostile-key-1")),
                new Endpoint("GET", "/api/inventory/{sku}", false, null, List.of(), Map.of()),
                new Endpoint("PUT", "/api/inventory/{sku}", true, "{\"qty\":5}", List.of(), Map.of()),
                new Endpoint("POST", "/api/inventory/{sku}/restock", true, "{\"qty\":5}", List.of(), Map.of()),
                new Endpoint("POST", "/api/admin/jobs/{job}", true, null, List.of("olderThan"), Map.of()),
                new Endpoint("GET", "/api/admin/jobs/runs", true, null, List.of("job", "limit", "cursor"), Map.of()),
                new Endpoint("GET", "/api/admin/jobs/runs/{run}", true, null, List.of(), Map.of()));
    }

    /** Compares the list with the services' OpenAPI documents (when reachable): what is missing here is reported. */
    static List<String> crossCheck(Args a, List<Endpoint> endpoints) {
        List<String> notes = new ArrayList<>();
        Set<String> known = new java.util.HashSet<>();
        for (Endpoint e : endpoints) {
            known.add(e.method() + " " + e.template().substring(4).replaceAll("\\{[^}]+}", "{}"));
        }
        for (String service : a.str("services", "").split(",")) {
            if (service.isBlank()) {
                continue;
            }
            Api.Response r = new Api(service, null, Duration.ofSeconds(10), 1).get("/q/openapi?format=json");
            if (!r.ok()) {
                notes.add(service + " has no /q/openapi (" + r.status() + ")");
                continue;
            }
            JsonNode paths = r.json().path("paths");
            for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> p = it.next();
                for (Iterator<String> m = p.getValue().fieldNames(); m.hasNext(); ) {
                    String method = m.next().toUpperCase(Locale.ROOT);
                    if (!Set.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                        continue;
                    }
                    String key = method + " " + p.getKey().replaceAll("\\{[^}]+}", "{}");
                    if (!known.contains(key)) {
                        notes.add("not swept: " + key + " (" + service + ")");
                    }
                }
            }
        }
        if (notes.isEmpty()) {
            notes.add("every operation of the services' OpenAPI documents is swept");
        }
        return notes;
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

    static List<Attack> attacks(Endpoint e, Map<String, String> params, Map<String, String> tokens, String adminToken, int min) {
        List<Attack> out = new ArrayList<>();
        String auth = e.admin() ? "Bearer " + adminToken : null;
        String base = fill(e.template(), params, null, null);
        byte[] body = e.body() == null ? null : e.body().getBytes(StandardCharsets.UTF_8);
        List<String> pathParams = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(e.template());
        while (m.find()) {
            pathParams.add(m.group(1));
        }
        // 1. path parameters: every hostile string, and raw traversal / invalid-UTF-8 segments
        for (String p : pathParams) {
            for (String h : HOSTILE) {
                if (!h.isEmpty()) {
                    out.add(new Attack("path " + p, e.method(), fill(e.template(), params, p, enc(h)), body, "application/json", e.headers(), auth));
                }
            }
            for (String raw : RAW_SEGMENTS) {
                out.add(new Attack("path " + p + " raw", e.method(), fill(e.template(), params, p, raw), body, "application/json", e.headers(), auth));
            }
        }
        // 2. query parameters: operators in names, hostile values in declared (or undeclared) ones
        String qp = e.query().isEmpty() ? "x" : e.query().get(0);
        for (String q : List.of(qp + "[$ne]=x", qp + "[$gt]=", "$where=1", qp + "=a&" + qp + "=b", "__proto__[admin]=1",
                "filter=" + enc("{\"$ne\":null}"), "status=complete", "_id=" + enc("{\"$gt\":\"\"}"), "olderThan=-PT1S",
                "olderThan=" + enc("P-1D"), "olderThan=PT99999999999999999999S", "limit=-1", "limit=99999999999999999999", "limit=1e309")) {
            out.add(new Attack("query", e.method(), base + "?" + q, body, "application/json", e.headers(), auth));
        }
        for (String param : e.query().isEmpty() ? List.of("x") : e.query()) {
            for (String h : List.of("{\"$ne\":null}", "{\"$gt\":\"\"}", "a".repeat(5000), "9".repeat(400), "-1", "1e309", "%FF%FE", "..%2F..", "[]")) {
                String v = h.startsWith("%") || h.startsWith("..%") ? h : enc(h);
                out.add(new Attack("query " + param, e.method(), base + "?" + param + "=" + v, body, "application/json", e.headers(), auth));
            }
        }
        // 3. bodies
        if (body != null) {
            for (Map.Entry<String, byte[]> b : wholeBodies().entrySet()) {
                out.add(new Attack("body: " + b.getKey(), e.method(), base, b.getValue(), "application/json", e.headers(), auth));
            }
            out.add(new Attack("body as text/plain", e.method(), base, body, "text/plain", e.headers(), auth));
            out.add(new Attack("body as form", e.method(), base, "qty=1&sku=x".getBytes(StandardCharsets.UTF_8), "application/x-www-form-urlencoded", e.headers(), auth));
            out.add(new Attack("body as xml", e.method(), base, "<qty>1</qty>".getBytes(StandardCharsets.UTF_8), "application/xml", e.headers(), auth));
            ObjectNode valid = (ObjectNode) Api.JSON.valueToTree(parse(e.body()));
            for (Map.Entry<String, String> field : fieldMutations(valid).entrySet()) {
                out.add(new Attack("field " + field.getKey(), e.method(), base, field.getValue().getBytes(StandardCharsets.UTF_8), "application/json", e.headers(), auth));
            }
        } else if (!e.method().equals("GET") && !e.template().equals("/api/carts") && e.admin()) {
            // an endpoint without a body that gets one anyway: must not be read as anything
            out.add(new Attack("unexpected body", e.method(), base + "?x=1", "{\"$ne\":null}".getBytes(StandardCharsets.UTF_8), "application/json", e.headers(), auth));
        }
        // 4. headers the endpoint reads
        for (String header : e.headers().keySet()) {
            // not "*" (a valid precondition) nor an empty value (the services read it as no precondition,
            // which DELETE does not require anyway)
            for (String h : List.of("{\"$ne\":null}", "W/\"x\"", "\"-1\"", "\"99999999999999999999\"", "\"1e3\"", "\"2\", \"3\"", "a".repeat(300),
                    "../../x", "\"abc\"", "$ne", "1e309")) {
                Map<String, String> hs = new HashMap<>(e.headers());
                hs.put(header, h);
                out.add(new Attack("header " + header, e.method(), base, body, "application/json", hs, auth));
            }
        }
        // 5. tokens on admin routes: the request is otherwise valid
        if (e.admin()) {
            for (Map.Entry<String, String> t : tokens.entrySet()) {
                out.add(new Attack("token: " + t.getKey(), e.method(), base, body, "application/json", e.headers(), t.getValue()));
                out.add(new Attack("token: " + t.getKey() + " + operator query", e.method(), base + "?x[$ne]=1", body, "application/json", e.headers(), t.getValue()));
            }
            out.add(new Attack("token in the query string", e.method(), base + "?access_token=" + adminToken, body, "application/json", e.headers(), null));
        }
        // pad to the minimum with undeclared query parameters holding hostile values
        int i = 0;
        while (out.size() < min && i < HOSTILE.size() * 2) {
            String h = HOSTILE.get(i % HOSTILE.size());
            String name = i < HOSTILE.size() ? "q" + i : enc(h.isEmpty() ? "empty" : h.length() > 50 ? h.substring(0, 50) : h);
            out.add(new Attack("undeclared query", e.method(), base + "?" + name + "=" + enc(h), body, "application/json", e.headers(), auth));
            i++;
        }
        return out;
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
    static Map<String, String> fieldMutations(ObjectNode valid) {
        Map<String, String> out = new LinkedHashMap<>();
        List<Object[]> values = List.of(
                new Object[] {"{$ne:null}", neNull()}, new Object[] {"{$gt:''}", Map.of("$gt", "")},
                new Object[] {"{$exists:true}", Map.of("$exists", true)}, new Object[] {"[{$ne:null}]", List.of(Map.of("$ne", 1))},
                new Object[] {"wrong type: bool", true}, new Object[] {"wrong type: array", List.of(1, 2)},
                new Object[] {"wrong type: object", Map.of("a", 1)}, new Object[] {"huge integer", new java.math.BigInteger("9".repeat(40))},
                new Object[] {"-2^63-1", new java.math.BigInteger("-9223372036854775809")}, new Object[] {"negative", -5},
                new Object[] {"fraction", 1.5}, new Object[] {"long string (100k)", "x".repeat(100_000)},
                new Object[] {"$-prefixed string", "$where"}, new Object[] {"null", null});
        mutate(valid, "", valid, values, out);
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

    private static void mutate(ObjectNode root, String prefix, ObjectNode node, List<Object[]> values, Map<String, String> out) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            JsonNode child = node.get(field);
            String path = prefix + field;
            for (Object[] v : values) {
                // skip values of the field's own kind that may be legitimate (a string for a string, etc.)
                if (child.isTextual() && v[1] instanceof String s && !s.startsWith("$") && s.length() < 100_000) {
                    continue;
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
                mutate(root, path + ".", (ObjectNode) child, values, out);
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
        t.sent.incrementAndGet();
        if (r.status() < 0) {
            t.noAnswer.incrementAndGet();
            t.bad.add(at.kind() + " (`" + abbreviate(at.path(), 80) + "`, " + (at.body() == null ? 0 : at.body().length)
                    + " body bytes) → no answer (" + r.errorKind() + ": " + abbreviate(String.valueOf(r.body()), 120) + ")");
            return;
        }
        t.statuses.add(r.status());
        if (r.status() >= 500) {
            t.s5xx.incrementAndGet();
            String b = r.body() == null ? "" : r.body().replaceAll("\\s+", " ");
            t.bad.add(at.kind() + " (`" + abbreviate(at.path(), 80) + "`) → " + r.status() + " " + abbreviate(b, 160));
        } else if (r.status() >= 400) {
            t.s4xx.incrementAndGet();
        } else if (r.status() >= 200 && r.status() < 300) {
            t.s2xx.incrementAndGet();
            if (!at.method().equals("GET")) {
                t.accepted.add(at.kind() + " (`" + abbreviate(at.path(), 80) + "`) → " + r.status());
            }
        } else {
            t.other.incrementAndGet();
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

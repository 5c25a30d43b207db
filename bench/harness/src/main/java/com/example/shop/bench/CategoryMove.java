package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * {@code category-move}: a subtree of {@code --descendants} categories moved between two roots,
 * over TCP against the platform's own database server, alternately
 * <ul>
 * <li>by the category service's real API ({@code PATCH /api/categories/{slug} {"parent": ...}}
 * through the gateway), its MongoDB commands counted by the service's own counters
 * ({@code /q/metrics} of the category service, read before and after each move), and</li>
 * <li>by this harness with one update per node, the book's recursive
 * {@code update_node_and_descendants} (with its bug fixed: the book forgot the parent itself in
 * the new ancestors), its commands counted by a command listener on its own client.</li>
 * </ul>
 * The subtree is seeded directly in {@code categories.categories} with correct parent pointers
 * and ancestors, moved, checked (the service's {@code GET /api/admin/categories/verify} and an
 * independent check of every seeded document), and deleted again.
 */
final class CategoryMove {

    record Sample(double millis, long commands, Map<String, Double> byCommand) {
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(60), 2);
        String metricsUrl = a.required("metrics");
        Settings settings = Settings.of(a);
        OwnCommands own = new OwnCommands(new AtomicLong(), Collections.synchronizedMap(new HashMap<>()));
        try (MongoClient client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(a.required("mongo")))
                .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
                .applyToSocketSettings(b -> b.connectTimeout(3, TimeUnit.SECONDS).readTimeout(120, TimeUnit.SECONDS))
                .addCommandListener(own)
                .build())) {
            MongoCollection<Document> categories = client.getDatabase("categories").getCollection("categories");
            Tree tree = seedTree(categories, settings);
            Moves moves = moveBackAndForth(api, metricsUrl, categories, tree, settings, own);
            Checks checks = check(api, categories, settings.prefix());
            return report(a, settings, tree, moves, checks);
        }
    }

    /** The case's knobs. */
    private record Settings(int descendants, int fanout, int warmup, int repetitions, String prefix) {

        static Settings of(Args a) {
            return new Settings(a.integer("descendants", 1000), a.integer("fanout", 10), a.integer("warmup", 2), a.integer("repetitions", 7),
                    a.str("prefix", "bench-move-" + Long.toString(System.currentTimeMillis(), 36)));
        }
    }

    /** The harness's own MongoDB commands, counted by a listener on its client. */
    private record OwnCommands(AtomicLong total, Map<String, Long> byCommand) implements CommandListener {

        @Override
        public void commandStarted(CommandStartedEvent event) {
            total.incrementAndGet();
            byCommand.merge(event.getCommandName(), 1L, Long::sum);
        }
    }

    /** The two roots and the subtree moved between them, as seeded: slug → parent slug. */
    private record Tree(String left, String right, String big, Map<String, String> parents) {
    }

    /** The measured moves (warm-up left out), and why the moves stopped early, if they did. */
    private record Moves(List<Sample> bulk, List<Sample> perNode, List<String> problems) {
    }

    /** The service's own verification, and the documents whose ancestors are not their parent chain. */
    private record Checks(Api.Response verify, boolean serviceHealthy, List<String> inconsistent) {
    }

    private static Tree seedTree(MongoCollection<Document> categories, Settings settings) {
        String prefix = settings.prefix();
        Tree tree = new Tree(prefix + "-left", prefix + "-right", prefix + "-big", new LinkedHashMap<>());
        tree.parents().put(tree.left(), null);
        tree.parents().put(tree.right(), null);
        tree.parents().putAll(wideTree(tree.big(), settings.descendants(), settings.fanout()));
        seed(categories, tree.parents());
        return tree;
    }

    /** Each repetition: the service moves the subtree under left, the per-node move back under right. */
    private static Moves moveBackAndForth(Api api, String metricsUrl, MongoCollection<Document> categories, Tree tree, Settings settings,
                                          OwnCommands own) {
        List<Sample> bulk = new ArrayList<>();
        List<Sample> perNode = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < settings.warmup() + settings.repetitions(); i++) {
            Metrics.Scrape before = Metrics.scrape(metricsUrl);
            Api.Response r = api.admin("PATCH", "/api/categories/" + tree.big(), "{\"parent\":\"" + tree.left() + "\"}");
            Metrics.Scrape after = Metrics.scrape(metricsUrl);
            if (r.status() != 200) {
                problems.add("PATCH " + tree.big() + " → " + r.status() + " " + r.body());
                break;
            }
            Map<String, Double> commands = Metrics.diff(before.mongoCounts(), after.mongoCounts());
            Sample b = new Sample(r.nanos() / 1e6, Math.round(commands.values().stream().mapToDouble(Double::doubleValue).sum()),
                    commands);

            long c0 = own.total().get();
            own.byCommand().clear();
            long t0 = System.nanoTime();
            perNodeMove(categories, tree.big(), tree.right());
            Sample p = new Sample((System.nanoTime() - t0) / 1e6, own.total().get() - c0, toDoubles(own.byCommand()));
            if (i >= settings.warmup()) {
                bulk.add(b);
                perNode.add(p);
            }
        }
        return new Moves(bulk, perNode, problems);
    }

    /** The service's verification and an independent check of every seeded document, which are then deleted. */
    private static Checks check(Api api, MongoCollection<Document> categories, String prefix) {
        Api.Response verify = api.admin("GET", "/api/admin/categories/verify", null);
        JsonNode report = verify.json();
        boolean serviceHealthy = verify.status() == 200 && report.path("healthy").asBoolean(false);
        List<String> inconsistent = consistency(categories, prefix);
        categories.deleteMany(Filters.regex("slug", "^" + Pattern.quote(prefix) + "-"));
        return new Checks(verify, serviceHealthy, inconsistent);
    }

    /** Prints and writes the table and the RESULT line; the exit code. */
    private static int report(Args a, Settings settings, Tree tree, Moves moves, Checks checks) throws java.io.IOException {
        double bulkMs = Census.median(moves.bulk().stream().map(Sample::millis).toList());
        double perNodeMs = Census.median(moves.perNode().stream().map(Sample::millis).toList());
        double bulkTrips = Census.median(moves.bulk().stream().map(s -> (double) s.commands()).toList());
        double perNodeTrips = Census.median(moves.perNode().stream().map(s -> (double) s.commands()).toList());
        boolean moved = moves.problems().isEmpty() && moves.bulk().size() == settings.repetitions();
        List<String> inconsistent = checks.inconsistent();
        String md = String.format(Locale.ROOT, """
                A subtree of %d descendants (fanout %d) below `%s`, seeded directly in `categories.categories` with parent \
                pointers and ancestors, moved between two roots %d times each way after %d warm-up moves, over TCP against the \
                platform's own database server. The service's move is the real API through the gateway \
                (`PATCH /api/categories/%s {"parent": "%s"}`); its commands are its own counters at `/q/metrics`. The \
                per-node move is done by the harness itself: read the node, the new parent and the subtree, then one \
                `update` per node (the book's recursive update).

                | implementation | median ms | commands (round trips) | every sample, ms |
                |---|---:|---:|---|
                | category service, one bulk move (HTTP through the gateway) | %.1f | %s | %s |
                | one update per node (harness over TCP) | %.1f | %s | %s |
                | per node ÷ service | **%.1f×** | %.0f× | |

                The service's commands per move: %s. After the moves: `GET /api/admin/categories/verify` → %s; \
                independent check of the %d seeded documents (ancestors = parent chain): %s.%s
                """,
                settings.descendants(), settings.fanout(), tree.big(), settings.repetitions(), settings.warmup(), tree.big(), tree.left(),
                bulkMs, Census.range(moves.bulk().stream().map(s -> (double) s.commands()).toList()), times(moves.bulk()),
                perNodeMs, Census.range(moves.perNode().stream().map(s -> (double) s.commands()).toList()), times(moves.perNode()),
                bulkMs == 0 ? 0 : perNodeMs / bulkMs, bulkTrips == 0 ? 0 : perNodeTrips / bulkTrips,
                moves.bulk().isEmpty() ? "—" : describe(moves.bulk().get(moves.bulk().size() - 1).byCommand()),
                checks.verify().status() + (checks.serviceHealthy() ? " healthy" : " **not healthy**: " + abbreviate(checks.verify().body())),
                tree.parents().size(), inconsistent.isEmpty() ? "consistent" : "**" + inconsistent.size() + " inconsistent**: "
                        + String.join("; ", inconsistent.subList(0, Math.min(5, inconsistent.size()))),
                moves.problems().isEmpty() ? "" : "\n\n**Failed**: " + String.join("; ", moves.problems()));
        System.out.println(md);
        ReservationBench.write(a, md);
        boolean ok = moved && checks.serviceHealthy() && inconsistent.isEmpty();
        System.out.printf(Locale.ROOT, "RESULT category-move bulk_ms=%.1f bulk_round_trips=%.0f per_node_ms=%.1f per_node_round_trips=%.0f "
                        + "speedup=%.2f verify=%s consistent=%s moves=%s%n", bulkMs, bulkTrips, perNodeMs, perNodeTrips,
                bulkMs == 0 ? 0 : perNodeMs / bulkMs, checks.serviceHealthy() ? "healthy" : "UNHEALTHY", inconsistent.isEmpty(),
                moved ? "ok" : "FAILED");
        return ok ? 0 : 1;
    }

    /** slug → parent slug for a root with {@code descendants} nodes below it, {@code fanout} children each, breadth first. */
    static Map<String, String> wideTree(String root, int descendants, int fanout) {
        Map<String, String> parents = new LinkedHashMap<>();
        parents.put(root, null);
        List<String> queue = new ArrayList<>(List.of(root));
        int made = 0;
        for (int head = 0; made < descendants; head++) {
            String parent = queue.get(head);
            for (int i = 0; i < fanout && made < descendants; i++) {
                String slug = root + "-" + (++made);
                parents.put(slug, parent);
                queue.add(slug);
            }
        }
        return parents;
    }

    /** Inserts the tree (parents before children) with the ancestors computed here, in the service's document shape. */
    static void seed(MongoCollection<Document> categories, Map<String, String> parents) {
        Map<String, ObjectId> ids = new HashMap<>();
        Map<String, List<Document>> ancestors = new HashMap<>();
        List<Document> docs = new ArrayList<>();
        for (Map.Entry<String, String> e : parents.entrySet()) {
            String slug = e.getKey();
            String parent = e.getValue();
            ObjectId id = new ObjectId();
            ids.put(slug, id);
            List<Document> chain = new ArrayList<>();
            if (parent != null) {
                chain.addAll(ancestors.get(parent));
                chain.add(new Document("_id", ids.get(parent)).append("slug", parent).append("name", nameOf(parent)));
            }
            ancestors.put(slug, chain);
            docs.add(new Document("_id", id).append("slug", slug).append("name", nameOf(slug))
                    .append("parent", parent == null ? null : ids.get(parent)).append("ancestors", chain));
        }
        for (int i = 0; i < docs.size(); i += 500) {
            categories.insertMany(docs.subList(i, Math.min(docs.size(), i + 500)));
        }
    }

    static String nameOf(String slug) {
        return "Bench " + slug;
    }

    /** The book's move: read the subtree, then one update per node, parents before children. */
    static void perNodeMove(MongoCollection<Document> categories, String slug, String parentSlug) {
        Document node = categories.find(Filters.eq("slug", slug)).first();
        Document parent = categories.find(Filters.eq("slug", parentSlug)).first();
        Map<ObjectId, List<Document>> byParent = new HashMap<>();
        for (Document d : categories.find(Filters.eq("ancestors._id", node.getObjectId("_id"))).batchSize(10_000)) {
            byParent.computeIfAbsent(d.getObjectId("parent"), k -> new ArrayList<>()).add(d);
        }
        update(categories, byParent, node, parent);
    }

    private static void update(MongoCollection<Document> categories, Map<ObjectId, List<Document>> byParent, Document node,
                               Document parent) {
        List<Document> ancestors = new ArrayList<>(parent.getList("ancestors", Document.class));
        ancestors.add(new Document("_id", parent.getObjectId("_id")).append("slug", parent.getString("slug"))
                .append("name", parent.getString("name")));
        categories.updateOne(Filters.eq("_id", node.getObjectId("_id")),
                Updates.combine(Updates.set("ancestors", ancestors), Updates.set("parent", parent.getObjectId("_id"))));
        Document updated = new Document(node).append("ancestors", ancestors);
        for (Document child : byParent.getOrDefault(node.getObjectId("_id"), List.of())) {
            update(categories, byParent, child, updated);
        }
    }

    /** Every seeded document whose ancestors are not the chain of its parent pointers (ids, slugs, names, root first). */
    static List<String> consistency(MongoCollection<Document> categories, String prefix) {
        Map<ObjectId, Document> byId = new HashMap<>();
        for (Document d : categories.find(Filters.regex("slug", "^" + Pattern.quote(prefix) + "-"))) {
            byId.put(d.getObjectId("_id"), d);
        }
        List<String> wrong = new ArrayList<>();
        for (Document d : byId.values()) {
            List<Document> expected = new ArrayList<>();
            Set<ObjectId> seen = new HashSet<>();
            seen.add(d.getObjectId("_id"));
            boolean broken = false;
            for (ObjectId p = d.getObjectId("parent"); p != null; ) {
                Document parent = byId.get(p);
                if (!seen.add(p) || parent == null) {
                    broken = true;
                    break;
                }
                expected.add(new Document("_id", p).append("slug", parent.getString("slug")).append("name", parent.getString("name")));
                p = parent.getObjectId("parent");
            }
            Collections.reverse(expected);
            if (broken || !expected.equals(d.getList("ancestors", Document.class))) {
                wrong.add(d.getString("slug"));
            }
        }
        return wrong;
    }

    private static Map<String, Double> toDoubles(Map<String, Long> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        synchronized (m) {
            m.forEach((k, v) -> out.put(k, v.doubleValue()));
        }
        return out;
    }

    private static String describe(Map<String, Double> byCommand) {
        StringBuilder sb = new StringBuilder();
        byCommand.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(" × ").append(Math.round(v)));
        return sb.length() == 0 ? "none counted" : sb.toString();
    }

    private static String times(List<Sample> samples) {
        return String.join(", ", samples.stream().map(s -> String.format(Locale.ROOT, "%.0f", s.millis())).toList());
    }

    private static String abbreviate(String s) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ");
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}

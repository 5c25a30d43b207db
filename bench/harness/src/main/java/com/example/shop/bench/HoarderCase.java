package com.example.shop.bench;

import static com.mongodb.client.model.Filters.in;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * bench/chaos case {@code hoarder} (issue 13's proof): one client through the gateway, at full
 * speed, trying to take every unit of 10 hot skus (it creates carts and adds everything it may,
 * one request after the other, never waiting), while 32 ordinary shoppers shop as in the
 * reservation scenario; and, in the same run, the same 32 shoppers without the hoarder as the
 * baseline. Each phase has hot skus of its own with the same stock and the same restocks.
 *
 * <p>Passes when the hoarder holds no more than the limits allow (computed from the limits the
 * gateway announces in {@code RateLimit-Policy} and the products' {@code max_per_cart}), the
 * shoppers' add-to-cart success rate is at least {@code --min-ratio} (0.95) of the baseline's,
 * the strict invariant holds for both sets of skus, and nobody got a 5xx (nor a shopper a 429).
 */
final class HoarderCase {

    /** A rate limit as announced: {@code q} requests, refilled over {@code w} seconds. */
    record Policy(String name, long q, long w) {

        static final Pattern HEADER = Pattern.compile("\"([^\"]+)\";q=(\\d+);w=(\\d+)");

        /** The most requests a client can have admitted in {@code seconds}: a full bucket, plus the refill. */
        long allowedIn(double seconds) {
            return q + (long) Math.floor(q * seconds / w);
        }

        @Override
        public String toString() {
            return q + " per " + w + " s";
        }
    }

    /** One phase's figures. */
    record Phase(String label, List<String> skus, Map<String, Integer> maxPerCart, Stats shoppers, InvariantReport invariant,
                 Hoarder hoarder, long hoarderUnits, int hoarderCartsHolding) {

        Stats.Op adds() {
            return shoppers.op("add item");
        }

        double addSuccess() {
            Stats.Op add = adds();
            return add.count() == 0 ? 0 : (double) add.ok.sum() / add.count();
        }
    }

    /** The case's knobs; both phases get the same. */
    private record Settings(int clients, int skuCount, int stock, Duration duration, double minRatio, String prefix) {

        static Settings of(Args a) {
            return new Settings(a.integer("shoppers", 32), a.integer("skus", 10), a.integer("stock", 150), a.seconds("seconds", 60),
                    Double.parseDouble(a.str("min-ratio", "0.95")), a.str("prefix", "hoard-" + Long.toString(System.currentTimeMillis(), 36)));
        }
    }

    /**
     * The most the hoarder could hold: the carts and adds the announced limits admit in its {@code seconds}, times what a cart
     * ({@code perCartAll}: Σ max_per_cart) and an add ({@code perCartMax}) may take; -1 when a limit was not announced.
     */
    private record Bound(double seconds, Policy carts, Policy adds, int perCartAll, int perCartMax, long cartsAllowed, long addsAllowed,
                         long unitsAllowed) {

        static Bound of(Phase hoarded) {
            Hoarder h = hoarded.hoarder();
            double hoarderSeconds = h.seconds();
            Policy carts = h.policies.get("create-cart");
            Policy adds = h.policies.get("add-line");
            int perCartAll = hoarded.maxPerCart().values().stream().mapToInt(Integer::intValue).sum();
            int perCartMax = hoarded.maxPerCart().values().stream().mapToInt(Integer::intValue).max().orElse(0);
            long cartsAllowed = carts == null ? -1 : carts.allowedIn(hoarderSeconds);
            long addsAllowed = adds == null ? -1 : adds.allowedIn(hoarderSeconds);
            long unitsAllowed = carts == null || adds == null ? -1 : Math.min(cartsAllowed * perCartAll, addsAllowed * perCartMax);
            return new Bound(hoarderSeconds, carts, adds, perCartAll, perCartMax, cartsAllowed, addsAllowed, unitsAllowed);
        }
    }

    /** The checks: the hoarder within the bound, the shoppers' add success against the baseline's, 5xx and shoppers' 429 answers, the invariant. */
    private record Checks(double ratio, long fives, long shopper429, boolean bounded, boolean fair, boolean consistent) {

        static Checks of(Phase baseline, Phase hoarded, Bound bound, double minRatio) {
            Hoarder h = hoarded.hoarder();
            double ratio = baseline.addSuccess() == 0 ? 0 : hoarded.addSuccess() / baseline.addSuccess();
            long fives = baseline.shoppers().withStatus("5") + hoarded.shoppers().withStatus("5") + h.stats.withStatus("5");
            long shopper429 = baseline.shoppers().withStatus("429") + hoarded.shoppers().withStatus("429");
            boolean bounded = bound.unitsAllowed() >= 0 && hoarded.hoarderUnits() <= bound.unitsAllowed() && h.cartIds.size() <= bound.cartsAllowed();
            return new Checks(ratio, fives, shopper429, bounded, ratio >= minRatio, baseline.invariant().ok() && hoarded.invariant().ok());
        }

        boolean ok() {
            return bounded && fair && consistent && fives == 0 && shopper429 == 0;
        }
    }

    static int run(Args a) throws Exception {
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        Settings settings = Settings.of(a);
        String prefix = settings.prefix();

        // The baseline must not run on a platform still compiling its hot paths while the second
        // phase runs on a warm one: closed-loop shoppers make more attempts on a faster platform.
        Duration warmup = a.seconds("warmup", 20);
        if (!warmup.isZero()) {
            phase(a, api, settings, "warm-up (not recorded)", prefix + "-warm", warmup, false);
        }
        Phase baseline = phase(a, api, settings, "baseline", prefix + "-base", settings.duration(), false);
        System.out.println("baseline: " + baseline.shoppers().table());
        Phase hoarded = phase(a, api, settings, "with the hoarder", prefix + "-hoard", settings.duration(), true);
        System.out.println("with the hoarder: " + hoarded.shoppers().table());

        Bound bound = Bound.of(hoarded);
        Checks checks = Checks.of(baseline, hoarded, bound, settings.minRatio());
        StringBuilder md = new StringBuilder();
        md.append(phasesTable(settings, baseline, hoarded, checks));
        md.append(hoarderAndBound(hoarded, bound, checks));
        md.append("Shoppers, baseline:\n\n").append(baseline.shoppers().table()).append('\n');
        md.append("Shoppers, with the hoarder:\n\n").append(hoarded.shoppers().table()).append('\n');
        md.append("The hoarder:\n\n").append(hoarded.hoarder().stats.table()).append('\n');
        md.append("Invariant, baseline skus:\n\n").append(baseline.invariant().table(3)).append('\n').append(baseline.invariant().summary()).append("\n\n");
        md.append("Invariant, hoarder-phase skus:\n\n").append(hoarded.invariant().table(3)).append('\n').append(hoarded.invariant().summary()).append("\n\n");
        System.out.println(md);
        ReservationBench.write(a, md.toString());
        printResult(baseline, hoarded, bound, checks);
        return checks.ok() ? 0 : 1;
    }

    /** The two phases side by side: the shoppers' figures, the 5xx, what is left, the invariant. */
    private static StringBuilder phasesTable(Settings settings, Phase baseline, Phase hoarded, Checks checks) {
        Hoarder h = hoarded.hoarder();
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Two phases of %.0f s each, through the gateway, on hot skus of their own (%d each, %d units each, a restock of "
                        + "10 units every 250 ms): %d ordinary shoppers as in the reservation scenario, each shopper (a cart session) with an "
                        + "address of its own; in the second phase also one hoarder, one client address, one request after the other without "
                        + "ever waiting, creating carts and adding to each as many units of every hot sku as it may.%n%n",
                settings.duration().toSeconds() * 1.0, settings.skuCount(), settings.stock(), settings.clients()));
        md.append("| figure | baseline (no hoarder) | with the hoarder |\n|---|---:|---:|\n");
        row(md, "shopper requests", baseline.shoppers().totalCount(), hoarded.shoppers().totalCount());
        row(md, "shoppers' add-to-cart attempts", baseline.adds().count(), hoarded.adds().count());
        md.append(String.format(Locale.ROOT, "| shoppers' add-to-cart success rate | %.1f %% | %.1f %% (**%.2f** of the baseline; at least %.2f) |%n",
                100 * baseline.addSuccess(), 100 * hoarded.addSuccess(), checks.ratio(), settings.minRatio()));
        md.append(String.format(Locale.ROOT, "| shoppers' add-to-cart p50 / p99 ms | %s / %s | %s / %s |%n",
                Stats.ms(baseline.adds().latency.getValueAtPercentile(50)), Stats.ms(baseline.adds().latency.getValueAtPercentile(99)),
                Stats.ms(hoarded.adds().latency.getValueAtPercentile(50)), Stats.ms(hoarded.adds().latency.getValueAtPercentile(99))));
        row(md, "shoppers' checkouts approved", baseline.shoppers().op("checkout approve").ok.sum(), hoarded.shoppers().op("checkout approve").ok.sum());
        row(md, "shoppers' 429 answers", baseline.shoppers().withStatus("429"), hoarded.shoppers().withStatus("429"));
        row(md, "5xx answers (shoppers; hoarder)", baseline.shoppers().withStatus("5") + "", hoarded.shoppers().withStatus("5") + "; " + h.stats.withStatus("5"));
        md.append(String.format(Locale.ROOT, "| units available at the end (Σ of the hot skus) | %d | %d |%n",
                available(baseline.invariant()), available(hoarded.invariant())));
        md.append(String.format(Locale.ROOT, "| invariant (strict) | %s | %s |%n%n", baseline.invariant().ok() ? "holds" : "**FAILS**",
                hoarded.invariant().ok() ? "holds" : "**FAILS**"));
        return md;
    }

    /** What the hoarder did and holds, and the bound it is held to, derived. */
    private static String hoarderAndBound(Phase hoarded, Bound bound, Checks checks) {
        Hoarder h = hoarded.hoarder();
        double hoarderSeconds = bound.seconds();
        return String.format(Locale.ROOT, "The hoarder, %.1f s from its first request to its last: %d requests (%.0f/s); carts created %d "
                        + "(%d refused with 429), adds %d admitted (%d with 429, %d refused 409), units acknowledged %d; at the end it holds "
                        + "**%d units** in %d carts.%n%n",
                hoarderSeconds, h.stats.totalCount(), h.stats.totalCount() / Math.max(0.001, hoarderSeconds), h.cartIds.size(),
                h.stats.op("create cart").statuses.getOrDefault("429", new java.util.concurrent.atomic.LongAdder()).sum(),
                h.stats.op("add item").ok.sum(), h.stats.op("add item").statuses.getOrDefault("429", new java.util.concurrent.atomic.LongAdder()).sum(),
                h.stats.op("add item").statuses.getOrDefault("409", new java.util.concurrent.atomic.LongAdder()).sum(), h.acknowledged,
                hoarded.hoarderUnits(), hoarded.hoarderCartsHolding())
                + String.format(Locale.ROOT, "The bound, from the limits the gateway announces (`RateLimit-Policy`: create-cart %s, add-line %s) and "
                        + "the products' `max_per_cart` (%s): in T = %.1f s a client gets at most a full bucket plus the refill, q + ⌊q·T/w⌋: "
                        + "%d carts and %d adds; a cart holds at most Σ max_per_cart = %d units of these skus, an add at most max_per_cart = %d. "
                        + "Bound = min(%d carts × %d, %d adds × %d) = **%d units**; held %d: %s.%n%n",
                bound.carts(), bound.adds(), hoarded.maxPerCart().values().stream().distinct().map(String::valueOf).reduce((x, y) -> x + ", " + y).orElse("?"),
                hoarderSeconds, bound.cartsAllowed(), bound.addsAllowed(), bound.perCartAll(), bound.perCartMax(), bound.cartsAllowed(), bound.perCartAll(),
                bound.addsAllowed(), bound.perCartMax(), bound.unitsAllowed(), hoarded.hoarderUnits(), checks.bounded() ? "within" : "**beyond the bound**");
    }

    private static void printResult(Phase baseline, Phase hoarded, Bound bound, Checks checks) {
        Hoarder h = hoarded.hoarder();
        System.out.printf(Locale.ROOT, "RESULT hoarder seconds=%.1f baseline_add_success=%.4f hoarded_add_success=%.4f ratio=%.3f hoarder_units=%d "
                        + "bound_units=%d hoarder_carts=%d bound_carts=%d 5xx=%d shopper_429=%d invariant=%s%n",
                bound.seconds(), baseline.addSuccess(), hoarded.addSuccess(), checks.ratio(), hoarded.hoarderUnits(), bound.unitsAllowed(), h.cartIds.size(),
                bound.cartsAllowed(), checks.fives(), checks.shopper429(), checks.consistent() ? "holds" : "FAILS");
        System.out.println("VERDICT " + (checks.ok() ? "PASS" : "FAIL") + String.format(Locale.ROOT,
                ": hoarder holds %d of at most %d units (%d carts of at most %d); shoppers' add success %.1f %% vs %.1f %% without (%.2f); "
                        + "5xx %d; shopper 429 %d; invariant %s",
                hoarded.hoarderUnits(), bound.unitsAllowed(), h.cartIds.size(), bound.cartsAllowed(), 100 * hoarded.addSuccess(), 100 * baseline.addSuccess(),
                checks.ratio(), checks.fives(), checks.shopper429(), checks.consistent() ? "holds" : "FAILS"));
    }

    private static void row(StringBuilder md, String name, Object baseline, Object hoarded) {
        md.append("| ").append(name).append(" | ").append(baseline).append(" | ").append(hoarded).append(" |\n");
    }

    private static long available(InvariantReport r) {
        return r.rows().stream().mapToLong(x -> x.available()).sum();
    }

    private static Phase phase(Args a, Api api, Settings settings, String label, String prefix, Duration duration, boolean withHoarder)
            throws Exception {
        int clients = settings.clients();
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = Fixtures.products(api, prefix, settings.skuCount(), settings.stock(), expected);
        Map<String, Integer> maxPerCart = new LinkedHashMap<>();
        for (String sku : skus) {
            Api.Response p = api.get("/api/products/" + sku);
            int max = p.json().path("max_per_cart").asInt(0);
            if (!p.ok() || max < 1) {
                throw new IllegalStateException("GET /api/products/" + sku + " shows no max_per_cart: " + p.status() + " " + p.body());
            }
            maxPerCart.put(sku, max);
        }
        Stats stats = new Stats();
        Carts carts = new Carts(api, stats, skus, expected);
        Hoarder hoarder = withHoarder ? new Hoarder(api.asClient(ClientAddresses.next()), skus, maxPerCart) : null;
        Thread hoarding = null;
        System.out.println(label + ": " + clients + " shoppers for " + duration.toSeconds() + " s" + (withHoarder ? " and the hoarder" : ""));
        stats.start();
        Thread restocker = carts.restocking(duration);
        if (hoarder != null) {
            hoarding = new Thread(hoarder, "hoarder");
            hoarding.start();
        }
        Load.run(clients, duration, Long.MAX_VALUE, c -> carts.session());
        if (hoarder != null) {
            hoarder.stop = true;
            hoarding.join(60_000);
        }
        restocker.join(60_000);
        stats.stop();
        try (Db db = new Db(a.required("mongo"))) {
            InvariantReport inv = StockInvariant.check(db.db("cart"), skus, expected, StockInvariant.Level.STRICT);
            Holdings held = hoarder == null ? new Holdings(0, 0) : holdings(db, hoarder.cartIds, skus);
            return new Phase(label, skus, maxPerCart, stats, inv, hoarder, held.units(), held.carts());
        }
    }

    /** The units of {@code skus} the hoarder's carts hold, and how many of its carts hold any. */
    private record Holdings(long units, int carts) {
    }

    private static Holdings holdings(Db db, List<String> cartIds, List<String> skus) {
        long units = 0;
        int holding = 0;
        if (cartIds.isEmpty()) {
            return new Holdings(0, 0);
        }
        for (Document c : db.db("cart").getCollection("cart").find(in("_id", cartIds))) {
            if (!StockInvariant.HOLDING_STATUSES.contains(c.getString("status"))) {
                continue;
            }
            long inCart = 0;
            for (Document item : c.getList("items", Document.class, List.of())) {
                if (skus.contains(item.getString("sku"))) {
                    inCart += StockInvariant.num(item.get("qty"));
                }
            }
            units += inCart;
            holding += inCart > 0 ? 1 : 0;
        }
        return new Holdings(units, holding);
    }

    /**
     * The bot: one client, one request at a time, never waiting. It keeps a list of its carts and,
     * for each, how much of each sku it holds; it adds to a cart everything it may (up to the
     * product's per-cart limit, or what the 409 says is available), and creates a new cart whenever
     * every one it has is full or the add limit refuses it.
     */
    static final class Hoarder implements Runnable {
        final Api api;
        final List<String> skus;
        final Map<String, Integer> maxPerCart;
        final Stats stats = new Stats();
        final List<String> cartIds = new ArrayList<>();
        final Map<String, Policy> policies = new ConcurrentHashMap<>();
        /** cart → sku → units acknowledged, or the limit once the cart may take no more of it. */
        final Map<String, Map<String, Integer>> held = new LinkedHashMap<>();
        volatile boolean stop;
        long acknowledged;
        private long first;
        private long last;

        Hoarder(Api api, List<String> skus, Map<String, Integer> maxPerCart) {
            this.api = api;
            this.skus = skus;
            this.maxPerCart = maxPerCart;
        }

        double seconds() {
            return first == 0 ? 0 : (last - first) / 1e9;
        }

        @Override
        public void run() {
            stats.start();
            while (!stop) {
                String cart = cartWithRoom();
                if (cart == null) {
                    Api.Response r = call("create cart", "/api/carts", null);
                    if (r.status() == 201) {
                        String id = r.json().path("id").asText();
                        cartIds.add(id);
                        held.put(id, new LinkedHashMap<>());
                        continue;
                    }
                    cart = anyCartWithRoomOrNull();
                    if (cart == null) {
                        continue; // nothing to add to: ask for a cart again at once
                    }
                }
                fill(cart);
            }
            stats.stop();
        }

        private void fill(String cart) {
            Map<String, Integer> mine = held.get(cart);
            for (String sku : skus) {
                if (stop) {
                    return;
                }
                int room = maxPerCart.get(sku) - mine.getOrDefault(sku, 0);
                if (room <= 0) {
                    continue;
                }
                Api.Response r = call("add item", "/api/carts/" + cart + "/items", "{\"sku\":\"" + sku + "\",\"qty\":" + room + "}");
                if (r.ok()) {
                    mine.merge(sku, room, Integer::sum);
                    acknowledged += room;
                } else if (r.status() == 409) {
                    JsonNode problem = r.json();
                    long available = problem.path("available").asLong(0);
                    if (problem.path("type").asText().endsWith("/insufficient-inventory") && available > 0) {
                        int qty = (int) Math.min(room, available);
                        Api.Response again = call("add item", "/api/carts/" + cart + "/items", "{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}");
                        if (again.ok()) {
                            mine.merge(sku, qty, Integer::sum);
                            acknowledged += qty;
                        }
                    } else if (!problem.path("type").asText().endsWith("/insufficient-inventory")) {
                        mine.put(sku, maxPerCart.get(sku)); // a limit of the cart (line-limit, too many lines...): take no more of it here
                    }
                } else if (r.status() == 429 || r.status() == 404) {
                    return; // the add bucket is empty (try for another cart meanwhile), or the cart is gone
                }
            }
        }

        /** A cart with room that is not the last one tried, else a new cart is wanted (null). */
        private String cartWithRoom() {
            // a new cart as soon as the newest is full: the bot wants as many carts as it can get
            if (cartIds.isEmpty()) {
                return null;
            }
            String newest = cartIds.get(cartIds.size() - 1);
            return hasRoom(newest) ? newest : null;
        }

        private String anyCartWithRoomOrNull() {
            for (String id : cartIds) {
                if (hasRoom(id)) {
                    return id;
                }
            }
            return null;
        }

        private boolean hasRoom(String cart) {
            Map<String, Integer> mine = held.get(cart);
            return skus.stream().anyMatch(s -> mine.getOrDefault(s, 0) < maxPerCart.get(s));
        }

        private Api.Response call(String op, String path, String json) {
            if (first == 0) {
                first = System.nanoTime();
            }
            Api.Response r = api.post(path, json);
            last = System.nanoTime();
            stats.record(op, r, r.status() == 409 || r.status() == 429);
            String policy = r.header("RateLimit-Policy");
            if (policy != null) {
                Matcher m = Policy.HEADER.matcher(policy);
                while (m.find()) {
                    policies.putIfAbsent(m.group(1), new Policy(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
                }
            }
            return r;
        }
    }
}

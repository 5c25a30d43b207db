package com.example.shop.bench;

import com.example.shop.stockinvariant.ExpectedStock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench/run scenario {@code drop}, part 2 (issue 18), and the chaos case {@code drop-kill}: a flash
 * sale through the gateway. One sku with {@code --units}, or with {@code --variants N} (issue 58) one
 * Apparel product in N sizes, the units split over them; {@code --shoppers} concurrent shoppers
 * ({@link DropShopper}), each its own client; the drop ends when every sku is sold out (nothing
 * available, nothing reserved) or after {@code --max-seconds}. The cart service is expected to run
 * with a short expiry (bench/run sets it), so that abandoned carts give their units back during the
 * drop. With {@code --kill-every S} the cart service is killed and restarted meanwhile
 * ({@link CartKiller}). Then the books ({@link DropAudit}): oversold, stranded units, the invariant.
 */
final class DropBench {

    /** What the drop measured, for the report. */
    record Outcome(int units, int shoppers, Stats stats, DropShopper.Tally tally, DropSkus skus, CartKiller killer,
                   DropAudit.Result audit) {

        boolean soldOut() {
            return skus.soldOut();
        }

        Stats.Op add() {
            return stats.op("add item");
        }

        /** Successful adds per second until the sell-out was seen (the whole load when it never was). */
        double addsPerSecond() {
            double window = soldOut() ? skus.soldOutSeconds() : stats.seconds();
            return add().ok.sum() / window;
        }

        /** What must hold: nothing oversold, the invariant, nothing stranded (after the cleanup when the service was killed, since a crash may leave more reserved than held until then). */
        boolean booksBalance() {
            long stranded = killer == null ? audit.strandedAfterExpiry() : audit.strandedAfterCleanup();
            return audit.invariant().ok() && audit.invariant().oversold() == 0 && stranded == 0;
        }
    }

    /** Built-in Apparel's sizes, in its order. */
    private static final List<String> SIZES = List.of("XS", "S", "M", "L", "XL", "XXL");

    private DropBench() {
    }

    static int run(Args a) throws Exception {
        Api admin = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(60), 2);
        int units = a.integer("units", 20_000);
        int shoppers = a.integer("shoppers", 1_000);
        String prefix = a.str("prefix", "bench-drop-" + Long.toString(System.currentTimeMillis(), 36));
        int variants = a.integer("variants", 1);
        ExpectedStock expected = new ExpectedStock();
        List<String> skus = variants <= 1 ? Fixtures.products(admin, prefix, 1, units, expected)
                : sizes(admin, prefix, variants, units, expected);
        Outcome o = drop(a, admin, skus, units, shoppers, expected);
        String md = markdown(a, o);
        System.out.println(md);
        ReservationBench.write(a, md);
        System.out.println(result(a, o));
        boolean ok = o.booksBalance() && (o.killer() == null || o.killer().kills() > 0);
        System.out.println("VERDICT " + (ok ? "PASS" : "FAIL") + ": " + (o.soldOut() ? "sold out" : "not sold out") + ", oversold "
                + o.audit().invariant().oversold() + ", stranded " + o.audit().strandedAfterExpiry() + " after expiry and "
                + o.audit().strandedAfterCleanup() + " after cleanup, " + o.audit().invariant().summary()
                + (o.killer() == null ? "" : ", " + o.killer().summary()));
        return ok ? 0 : 1;
    }

    /**
     * One Apparel product {@code prefix-tee} in the first {@code count} of the type's sizes (one
     * colour), each size a sku {@code prefix-tee-<size>} with its share of {@code units}. Returns the skus.
     */
    static List<String> sizes(Api admin, String prefix, int count, int units, ExpectedStock expected) {
        if (count > SIZES.size()) {
            throw new IllegalArgumentException("--variants " + count + ": Apparel has " + SIZES.size() + " sizes");
        }
        String key = prefix + "-tee";
        List<String> skus = new ArrayList<>();
        List<Map<String, Object>> variants = new ArrayList<>();
        for (String size : SIZES.subList(0, count)) {
            skus.add(key + "-" + size);
            variants.add(Map.of("sku", key + "-" + size, "options", Map.of("size", size, "colour", "black")));
        }
        String body = Api.json(Map.of("sku", key, "type", "Apparel", "title", "Bench drop tee", "description", "created by bench/harness",
                "shipping", Map.of("weight", 2, "dimensions", Map.of("width", 30, "height", 40, "depth", 2)),
                "pricing", Map.of("currency", "USD", "list", 3000, "retail", 2500), "details", Map.of("brand", "Bench"),
                "options", List.of(Map.of("name", "size", "values", SIZES.subList(0, count)), Map.of("name", "colour", "values", List.of("black"))),
                "variants", variants));
        Api.Response p = admin.admin("POST", "/api/products", body);
        if (!p.ok()) {
            throw new IllegalStateException("POST /api/products " + key + " -> " + p.status() + " " + p.body());
        }
        for (int i = 0; i < count; i++) {
            int stock = units / count + (i < units % count ? 1 : 0);
            Api.Response r = admin.admin("PUT", "/api/inventory/" + skus.get(i), "{\"qty\":" + stock + "}");
            if (!r.ok()) {
                throw new IllegalStateException("PUT /api/inventory/" + skus.get(i) + " -> " + r.status() + " " + r.body());
            }
            expected.initial(skus.get(i), stock);
        }
        return skus;
    }

    /** The load until sold out (or the time bound), the killer stopped with the service running, then the audit. */
    static Outcome drop(Args a, Api admin, List<String> skuList, int units, int shoppers, ExpectedStock expected) throws Exception {
        Duration max = a.seconds("max-seconds", 600);
        DropSkus skus = new DropSkus(admin, skuList, a.integer("poll-millis", 500));
        DropShopper.Tally tally = new DropShopper.Tally();
        Stats stats = new Stats();
        long deadline = System.nanoTime() + max.toNanos();
        List<DropShopper> crowd = crowd(a, shoppers, new DropShopper.Drop(skus, stats, tally,
                Double.parseDouble(a.str("checkout", "0.7")), a.seconds("retry-pause", 2).toMillis(), deadline));
        CartKiller killer = CartKiller.from(a);
        System.out.printf(Locale.ROOT, "drop: %d units of %s, %d shoppers, at most %d s%n", units, String.join(", ", skuList), shoppers,
                max.toSeconds());
        stats.start();
        skus.start();
        if (killer != null) {
            killer.start();
        }
        Load.run(shoppers, max, Long.MAX_VALUE, c -> crowd.get(c).visit(), skus::soldOut);
        stats.stop();
        if (killer != null) {
            killer.stop();
        }
        System.out.printf(Locale.ROOT, "drop ended after %.1f s (%s); auditing%n", stats.seconds(), skus.soldOut() ? "sold out" : "not sold out");
        DropAudit.Result audit = DropAudit.run(admin, a.required("mongo"), skuList, expected);
        return new Outcome(units, shoppers, stats, tally, skus, killer, audit);
    }

    /**
     * The shoppers, each with an address of its own. Their connections come from {@code --http-clients}
     * java.net.http clients (a shopper keeps one): each opens as many keep-alive connections as its
     * shoppers have requests in flight, so no shopper waits for another's connection, without a
     * thousand clients' selector threads.
     */
    static List<DropShopper> crowd(Args a, int shoppers, DropShopper.Drop drop) {
        int clients = Math.max(1, Math.min(shoppers, a.integer("http-clients", 50)));
        List<Api> pool = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            pool.add(new Api(a.required("gateway"), null, Duration.ofSeconds(30), 2));
        }
        List<DropShopper> crowd = new ArrayList<>();
        for (int i = 0; i < shoppers; i++) {
            Api shopper = pool.get(i % clients).asClient(ClientAddresses.next());
            crowd.add(new DropShopper(shopper, drop));
        }
        return crowd;
    }

    static String result(Args a, Outcome o) {
        DropAudit.Result au = o.audit();
        return String.format(Locale.ROOT, "RESULT drop label=%s variants=%d units=%d shoppers=%d sold_out=%s sellout_s=%s all_taken_s=%s seconds=%.1f"
                        + " adds_per_s=%.1f add_p50_ms=%s add_p99_ms=%s carts=%d checkouts=%d checkout_units=%d abandoned=%d"
                        + " abandoned_units=%d sold=%d oversold=%d stranded_after_expiry=%d stranded=%d invariant=%s rate_limited=%d"
                        + " errors=%d kills=%d",
                a.str("label", "drop"), o.skus().skus().size(), o.units(), o.shoppers(), o.soldOut() ? "yes" : "no",
                seconds(o.skus().soldOutSeconds()), seconds(o.skus().allTakenSeconds()), o.stats().seconds(), o.addsPerSecond(),
                Stats.ms(o.add().latency.getValueAtPercentile(50)), Stats.ms(o.add().latency.getValueAtPercentile(99)),
                o.tally().carts.sum(), o.tally().checkouts.sum(), o.tally().checkoutUnits.sum(), o.tally().abandoned.sum(),
                o.tally().abandonedUnits.sum(), au.sold(), au.invariant().oversold(), au.strandedAfterExpiry(),
                au.strandedAfterCleanup(), au.invariant().ok() ? "holds" : "FAILS", o.stats().withStatus("429"),
                o.stats().totalErrors(), o.killer() == null ? 0 : o.killer().kills());
    }

    static String seconds(double s) {
        return Double.isNaN(s) ? "n/a" : String.format(Locale.ROOT, "%.1f", s);
    }

    static String markdown(Args a, Outcome o) {
        List<String> skus = o.skus().skus();
        String what = skus.size() == 1 ? String.format(Locale.ROOT, "One sku (`%s`) with %,d units", skus.get(0), o.units())
                : String.format(Locale.ROOT, "One Apparel product in %d sizes (skus `%s`, one colour) with %,d units split over them",
                        skus.size(), String.join("`, `", skus), o.units());
        String refused = skus.size() == 1 ? "An add refused for insufficient inventory is retried in the same cart"
                : "Each visit picks a size at random; an add refused with nothing available goes to another size that still has units, "
                        + "and when none has is retried in the same cart";
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%s; %,d concurrent shoppers through the gateway, each its own client (`X-Forwarded-For`, "
                        + "so the gateway's per-client limits apply to each), visiting again and again: create a cart, add 1 or 2 units, "
                        + "then check out (%.0f %%, payment approved) or abandon the cart (its units come back when it expires; %s). "
                        + "%s after %s s (±50 %%) until every sku is sold out (nothing available, nothing reserved), at most %s s.%n%n",
                what, o.shoppers(), 100 * Double.parseDouble(a.str("checkout", "0.7")),
                a.str("expiry-note", "the cart service's own expiry settings"), refused, a.str("retry-pause", "2"), a.str("max-seconds", "600")));
        if (o.killer() != null) {
            sb.append(o.killer().summary()).append(".\n\n");
        }
        sb.append(figures(o)).append('\n').append(o.stats().table()).append('\n').append(books(o));
        if (o.killer() != null && !o.killer().log().isEmpty()) {
            sb.append("\nKiller: ").append(String.join("; ", o.killer().log())).append('\n');
        }
        return sb.toString();
    }

    private static String figures(Outcome o) {
        DropShopper.Tally t = o.tally();
        Stats.Op add = o.add();
        DropSkus skus = o.skus();
        StringBuilder taken = new StringBuilder();
        for (int i = 0; skus.skus().size() > 1 && i < skus.skus().size(); i++) {
            taken.append(i == 0 ? " (" : ", ").append('`').append(skus.sku(i)).append("` ").append(seconds(skus.allTakenSeconds(i)));
        }
        return String.format(Locale.ROOT, "| figure | value |%n|---|---:|%n"
                        + "| sold out (nothing available, nothing reserved, every sku) after | **%s s** |%n"
                        + "| every unit taken (first insufficient-inventory with 0 available, of the last sku) after | %s s%s |%n"
                        + "| load ran | %.1f s |%n"
                        + "| successful adds/s until sold out (all add answers/s over the load) | **%.1f** (%.1f) |%n"
                        + "| add p50 · p99 ms (every answer) | %s · %s |%n"
                        + "| carts created · units added | %,d · %,d |%n"
                        + "| adds moved to another size (theirs had nothing available) | %,d |%n"
                        + "| checkouts approved (units) | %,d (%,d) |%n"
                        + "| checkouts refused (cart expired first, or no answer) | %,d |%n"
                        + "| carts abandoned (units) | %,d (%,d) |%n"
                        + "| 429 answers (the gateway's per-client limits) | %,d |%n"
                        + "| stock reads while waiting for returned units | %,d |%n",
                seconds(skus.soldOutSeconds()), seconds(skus.allTakenSeconds()), taken.length() == 0 ? "" : taken + ")",
                o.stats().seconds(), o.addsPerSecond(), add.count() / o.stats().seconds(), Stats.ms(add.latency.getValueAtPercentile(50)),
                Stats.ms(add.latency.getValueAtPercentile(99)), t.carts.sum(), t.unitsAdded.sum(), t.otherSize.sum(), t.checkouts.sum(),
                t.checkoutUnits.sum(), t.checkoutsRefused.sum(), t.abandoned.sum(), t.abandonedUnits.sum(),
                o.stats().withStatus("429"), skus.polls());
    }

    private static String books(Outcome o) {
        DropAudit.Result au = o.audit();
        StringBuilder sb = new StringBuilder("After the load: ").append(String.join("; ", au.jobs())).append(".\n\n");
        sb.append("| sku | after | available | reserved | sold | stocked | holders | units in holding carts | stranded (reserved, held by no cart) |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (DropAudit.Books b : au.skus()) {
            sb.append(stockRow(b.sku(), "expiry", b.afterExpiry(), b.heldAfterExpiry(), b.strandedAfterExpiry()));
            sb.append(stockRow(b.sku(), "cleanup", b.afterCleanup(), b.heldAfterCleanup(), b.strandedAfterCleanup()));
        }
        sb.append(String.format(Locale.ROOT, "%nUnits sold (the service's counters): %,d; in checkouts acknowledged as approved: %,d.%n%n",
                au.sold(), o.tally().checkoutUnits.sum()));
        sb.append("Invariant, read from the `cart` database:\n\n").append(au.invariant().table(Math.max(5, au.skus().size()))).append('\n')
                .append(au.invariant().summary()).append('\n');
        return sb.toString();
    }

    private static String stockRow(String sku, String after, SkuStock s, long held, long stranded) {
        return String.format(Locale.ROOT, "| `%s` | %s | %d | %d | %d | %d | %d | %d | **%d** |%n", sku, after, s.available(), s.reserved(),
                s.sold(), s.stocked(), s.holders(), held, stranded);
    }
}

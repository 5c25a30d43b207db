package com.example.shop.bench;

import static com.mongodb.client.model.Filters.in;

import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * The consistency invariant, read straight from the {@code cart} database:
 * <pre>initial stock + restocks = available qty + Σ reserved in carts + Σ sold</pre>
 * where "initial + restocks" is what the client knows it asked for (a range when some restocks
 * had no answer), "reserved" is Σ {@code inventory.carted.qty}, "sold" is the inventory's
 * {@code sold} counter. Also: no negative stock (oversold units = 0); the units of every
 * complete cart are counted as sold; and, when {@code strictCarts}, every reservation is backed
 * by exactly the line of a cart that may hold it (active, pending, expiring) and vice versa.
 */
final class Invariant {

    static final Set<String> HOLDING = Set.of("active", "pending", "expiring");

    /** What the client knows was stocked: initial + acknowledged restocks, plus restocks with unknown outcome. */
    static final class Expected {
        final Map<String, long[]> bySku = new HashMap<>();

        synchronized void initial(String sku, long qty) {
            bySku.computeIfAbsent(sku, k -> new long[2])[0] += qty;
        }

        synchronized void acknowledged(String sku, long qty) {
            bySku.computeIfAbsent(sku, k -> new long[2])[0] += qty;
        }

        synchronized void unknown(String sku, long qty) {
            bySku.computeIfAbsent(sku, k -> new long[2])[1] += qty;
        }

        synchronized long[] range(String sku) {
            long[] v = bySku.get(sku);
            return v == null ? null : new long[] {v[0], v[0] + v[1]};
        }
    }

    record Row(String sku, String expected, long stocked, long available, long reserved, long sold,
               long completeUnits, long holdingUnits, long oversold, List<String> problems) {
    }

    record Result(List<Row> rows, int failingSkus, long oversold, int unbacked, int entries, int carts) {

        boolean ok() {
            return failingSkus == 0;
        }

        String table(int maxRows) {
            StringBuilder sb = new StringBuilder(
                    "| sku | initial + restocks | `stocked` | available | reserved | sold | units in complete carts | units in holding carts | oversold | verdict |\n"
                            + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            int shown = 0;
            long[] sum = new long[7];
            for (Row r : rows) {
                sum[0] += r.stocked;
                sum[1] += r.available;
                sum[2] += r.reserved;
                sum[3] += r.sold;
                sum[4] += r.completeUnits;
                sum[5] += r.holdingUnits;
                sum[6] += r.oversold;
                if (shown < maxRows || !r.problems.isEmpty()) {
                    sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %s |%n", r.sku,
                            r.expected, r.stocked, r.available, r.reserved, r.sold, r.completeUnits, r.holdingUnits,
                            r.oversold, r.problems.isEmpty() ? "ok" : "**FAIL**: " + String.join("; ", r.problems)));
                    shown++;
                }
            }
            if (rows.size() > shown) {
                sb.append(String.format(Locale.ROOT, "| … %d more skus, all ok | | | | | | | | | |%n", rows.size() - shown));
            }
            sb.append(String.format(Locale.ROOT, "| **Σ %d skus** | | %d | %d | %d | %d | %d | %d | %d | %s |%n", rows.size(),
                    sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6],
                    failingSkus == 0 ? "**holds**" : "**FAILS for " + failingSkus + " skus**"));
            return sb.toString();
        }

        String summary() {
            return String.format(Locale.ROOT, "invariant %s: %d skus, %d failing, oversold units %d, carted entries %d, carts %d, unbacked/unmatched %d",
                    ok() ? "HOLDS" : "FAILS", rows.size(), failingSkus, oversold, entries, carts, unbacked);
        }
    }

    static Result check(MongoDatabase cart, Collection<String> skus, Expected expected, boolean strictCarts) {
        Map<String, Document> inventory = new LinkedHashMap<>();
        for (Document d : cart.getCollection("inventory").find(in("_id", skus))) {
            inventory.put(d.getString("_id"), d);
        }
        // units per sku in complete carts / in carts that may hold a reservation; lines per (cart, sku)
        Map<String, Long> complete = new HashMap<>();
        Map<String, Long> holding = new HashMap<>();
        Map<String, Long> lines = new HashMap<>();
        Map<String, String> statusOf = new HashMap<>();
        int carts = 0;
        for (Document c : cart.getCollection("cart").find(in("items.sku", skus))) {
            carts++;
            String status = c.getString("status");
            String id = String.valueOf(c.get("_id"));
            statusOf.put(id, status);
            for (Document item : c.getList("items", Document.class, List.of())) {
                String sku = item.getString("sku");
                if (!skus.contains(sku)) {
                    continue;
                }
                long qty = num(item.get("qty"));
                if ("complete".equals(status)) {
                    complete.merge(sku, qty, Long::sum);
                } else if (HOLDING.contains(status)) {
                    holding.merge(sku, qty, Long::sum);
                    lines.merge(id + "|" + sku, qty, Long::sum);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        int failing = 0;
        long oversoldTotal = 0;
        int unbacked = 0;
        int entries = 0;
        for (String sku : skus) {
            List<String> problems = new ArrayList<>();
            Document d = inventory.get(sku);
            if (d == null) {
                problems.add("no inventory document");
                rows.add(new Row(sku, "?", 0, 0, 0, 0, 0, 0, 0, problems));
                failing++;
                continue;
            }
            long available = num(d.get("qty"));
            long stocked = num(d.get("stocked"));
            long sold = num(d.get("sold"));
            long reserved = 0;
            Map<String, Long> entryByCart = new HashMap<>();
            for (Document e : d.getList("carted", Document.class, List.of())) {
                long q = num(e.get("qty"));
                reserved += q;
                entries++;
                if (q <= 0) {
                    problems.add("carted entry with qty " + q);
                }
                if (entryByCart.merge(String.valueOf(e.get("cart_id")), q, Long::sum) != q) {
                    problems.add("two carted entries for one cart");
                }
            }
            long total = available + reserved + sold;
            long[] range = expected == null ? null : expected.range(sku);
            String exp;
            long oversold = Math.max(0, -available);
            if (range == null) {
                exp = "(`stocked`)";
                range = new long[] {stocked, stocked};
            } else {
                exp = range[0] == range[1] ? String.valueOf(range[0]) : range[0] + "…" + range[1];
            }
            oversold += Math.max(0, reserved + sold - range[1]);
            if (available < 0) {
                problems.add("negative available " + available);
            }
            if (total < range[0] || total > range[1]) {
                problems.add("available+reserved+sold = " + total + " ≠ " + exp);
            }
            if (stocked != total) {
                problems.add("stocked " + stocked + " ≠ available+reserved+sold " + total);
            }
            long completeUnits = complete.getOrDefault(sku, 0L);
            long holdingUnits = holding.getOrDefault(sku, 0L);
            if (completeUnits != sold) {
                problems.add("sold " + sold + " ≠ units in complete carts " + completeUnits);
            }
            if (strictCarts) {
                int mismatched = 0;
                for (Map.Entry<String, Long> e : entryByCart.entrySet()) {
                    Long line = lines.get(e.getKey() + "|" + sku);
                    if (line == null || !line.equals(e.getValue())) {
                        mismatched++;
                    }
                }
                for (Map.Entry<String, Long> l : lines.entrySet()) {
                    if (l.getKey().endsWith("|" + sku)) {
                        String cartId = l.getKey().substring(0, l.getKey().length() - sku.length() - 1);
                        if (!entryByCart.containsKey(cartId)) {
                            mismatched++;
                        }
                    }
                }
                if (mismatched > 0) {
                    problems.add(mismatched + " reservations not matching a cart line (trapped or missing)");
                    unbacked += mismatched;
                }
            }
            oversoldTotal += oversold;
            if (oversold > 0) {
                problems.add("oversold " + oversold);
            }
            if (!problems.isEmpty()) {
                failing++;
            }
            rows.add(new Row(sku, exp, stocked, available, reserved, sold, completeUnits, holdingUnits, oversold, problems));
        }
        return new Result(rows, failing, oversoldTotal, unbacked, entries, carts);
    }

    static long num(Object o) {
        return o instanceof Number n ? n.longValue() : 0L;
    }
}

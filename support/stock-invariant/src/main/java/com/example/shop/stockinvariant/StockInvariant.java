package com.example.shop.stockinvariant;

import static com.mongodb.client.model.Filters.in;

import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The stock invariant of the cart service, read straight from its {@code cart} database with the
 * MongoDB driver: one checker for the cart service's tests and the bench harness.
 *
 * <p>Per sku (document {@code inventory/<sku>}: {@code qty} available, {@code reserved}, {@code sold},
 * {@code stocked}; the holders are the documents {@code reservations/"<sku> <cart id>"} of
 * {@code {sku, cart_id, qty}}):
 * <pre>what was stocked = stocked = qty + reserved + sold,   reserved ≥ Σ reservations.qty</pre>
 * with "what was stocked" the caller's own count ({@link ExpectedStock}: initial stock plus
 * acknowledged restocks, a range when some restock had no answer) when it has one. A document still
 * in the first model (its holders as a {@code carted[]} array inside it) is read as that model says:
 * {@code reserved} is then Σ {@code carted.qty}. The two levels:
 * <ul>
 * <li>{@link Level#CONSERVATION}, which holds at every moment, even mid-request: the counters add
 * up, none is negative, no reservation is negative, and no unit is oversold (reserved + sold never
 * exceed what was stocked). The stock and the reservations are two collections read one after the
 * other, so their agreement is checked only at the strict level;</li>
 * <li>{@link Level#STRICT}, which holds at a quiet moment once the jobs have run: also
 * {@code reserved} equals Σ reservations, every reservation is exactly the line of a cart that may
 * hold stock (active, pending, expiring) and every such line has its reservation; {@code sold}
 * equals the units of the complete carts less those a cancelled order returned to stock (the lines
 * of {@code orders/<id>} whose sku its {@code returned} array names); and no holding cart has a
 * line of a sku without inventory.</li>
 * </ul>
 */
public final class StockInvariant {

    /** Statuses of a cart whose lines hold reserved stock. */
    public static final Set<String> HOLDING_STATUSES = Set.of("active", "pending", "expiring");

    /** How much is checked; see the class comment. */
    public enum Level {
        CONSERVATION,
        STRICT
    }

    /** Details listed per sku before the rest is only counted, so that a broken run stays readable. */
    private static final int DETAILS = 3;

    private StockInvariant() {
    }

    /** Every sku of the inventory, with the service's own {@code stocked} as what was stocked. */
    public static InvariantReport check(MongoDatabase cart, Level level) {
        return check(cart, null, null, level);
    }

    /**
     * The given skus (each must have an inventory document), compared with what the caller stocked
     * ({@code expected}, may be null). Carts are read only as far as they hold these skus.
     */
    public static InvariantReport check(MongoDatabase cart, Collection<String> skus, ExpectedStock expected, Level level) {
        return new Run(cart, skus == null ? null : new LinkedHashSet<>(skus), expected, level).check();
    }

    /** A number field, 0 when absent (counters start absent on some documents). */
    public static long num(Object value) {
        return value instanceof Number n ? n.longValue() : 0L;
    }

    /** One check's reading of the database. */
    private static final class Run {
        private final MongoDatabase db;
        /** null: every sku of the inventory. */
        private final Set<String> only;
        private final ExpectedStock expected;
        private final Level level;
        private final Map<String, Document> inventory = new LinkedHashMap<>();
        private final Map<String, Long> completeUnits = new HashMap<>();
        /** sku → units cancelled orders gave back to available stock. */
        private final Map<String, Long> returnedUnits = new HashMap<>();
        /** sku → cart id → units of its line, for carts that may hold stock. */
        private final Map<String, Map<String, Long>> holdingLines = new HashMap<>();
        private final Map<String, String> statusOf = new HashMap<>();
        /** sku → cart id → units of its reservation document (the ledger). */
        private final Map<String, Map<String, Long>> ledger = new HashMap<>();
        private int carts;
        private int entries;
        private int unmatched;

        Run(MongoDatabase db, Set<String> only, ExpectedStock expected, Level level) {
            this.db = db;
            this.only = only;
            this.expected = expected;
            this.level = level;
        }

        InvariantReport check() {
            Bson inventoryFilter = only == null ? new Document() : in("_id", only);
            for (Document d : db.getCollection("inventory").find(inventoryFilter).sort(new Document("_id", 1))) {
                inventory.put(String.valueOf(d.get("_id")), d);
            }
            readReservations();
            readCarts();
            readReturns();
            List<SkuCheck> rows = new ArrayList<>();
            long oversold = 0;
            for (String sku : only == null ? inventory.keySet() : only) {
                SkuCheck row = sku(sku);
                oversold += row.oversold();
                rows.add(row);
            }
            List<String> orphans = new ArrayList<>();
            if (level == Level.STRICT) {
                Set<String> without = new TreeSet<>(holdingLines.keySet());
                without.removeAll(inventory.keySet());
                if (!without.isEmpty()) {
                    orphans.add("cart lines of skus without inventory: " + without);
                }
            }
            return new InvariantReport(level, rows, orphans, oversold, unmatched, entries, carts);
        }

        private void readReservations() {
            Iterable<Document> docs;
            if (only == null) {
                docs = db.getCollection("reservations").find();
            } else {
                List<Document> some = new ArrayList<>();
                for (String sku : only) {
                    db.getCollection("reservations").find(new Document("_id", new Document("$gt", sku + " ").append("$lt", sku + "!")))
                            .sort(new Document("_id", 1)).into(some);
                }
                docs = some;
            }
            for (Document r : docs) {
                String sku = String.valueOf(r.get("sku"));
                ledger.computeIfAbsent(sku, k -> new LinkedHashMap<>()).merge(String.valueOf(r.get("cart_id")), num(r.get("qty")), Long::sum);
            }
        }

        private void readCarts() {
            Bson filter = only == null ? new Document() : in("items.sku", only);
            for (Document c : db.getCollection("cart").find(filter)) {
                carts++;
                String id = String.valueOf(c.get("_id"));
                String status = String.valueOf(c.get("status"));
                statusOf.put(id, status);
                for (Document item : c.getList("items", Document.class, List.of())) {
                    String sku = item.getString("sku");
                    if (only != null && !only.contains(sku)) {
                        continue;
                    }
                    long qty = num(item.get("qty"));
                    if ("complete".equals(status)) {
                        completeUnits.merge(sku, qty, Long::sum);
                    } else if (HOLDING_STATUSES.contains(status)) {
                        holdingLines.computeIfAbsent(sku, k -> new HashMap<>()).merge(id, qty, Long::sum);
                    }
                }
            }
        }

        /** The units each cancelled order returned: its lines of the skus in its {@code returned}. */
        private void readReturns() {
            Bson filter = only == null ? new Document("returned.0", new Document("$exists", true)) : in("returned", only);
            for (Document order : db.getCollection("orders").find(filter)) {
                List<String> returned = order.getList("returned", String.class, List.of());
                for (Document line : order.getList("lines", Document.class, List.of())) {
                    String sku = line.getString("sku");
                    if (returned.contains(sku) && (only == null || only.contains(sku))) {
                        returnedUnits.merge(sku, num(line.get("qty")), Long::sum);
                    }
                }
            }
        }

        private SkuCheck sku(String sku) {
            List<String> problems = new ArrayList<>();
            Map<String, Long> lines = holdingLines.getOrDefault(sku, Map.of());
            long holdingUnits = lines.values().stream().mapToLong(Long::longValue).sum();
            long complete = completeUnits.getOrDefault(sku, 0L);
            long returned = returnedUnits.getOrDefault(sku, 0L);
            Document d = inventory.get(sku);
            if (d == null) {
                problems.add("no inventory document");
                return new SkuCheck(sku, "?", 0, 0, 0, 0, complete, returned, holdingUnits, 0, problems);
            }
            long available = num(d.get("qty"));
            long stocked = num(d.get("stocked"));
            long sold = num(d.get("sold"));
            Map<String, Long> entryByCart = new LinkedHashMap<>();
            long reserved = d.containsKey("carted") ? firstModelEntries(d, entryByCart, problems) : num(d.get("reserved"));
            if (!d.containsKey("carted")) {
                long held = 0;
                for (Map.Entry<String, Long> e : ledger.getOrDefault(sku, Map.of()).entrySet()) {
                    entries++;
                    if (e.getValue() < 0) {
                        problems.add("reservation of cart " + e.getKey() + " with qty " + e.getValue());
                    }
                    if (e.getValue() != 0) {
                        entryByCart.put(e.getKey(), e.getValue());
                    }
                    held += e.getValue();
                }
                // compared only at a quiet moment: the stock and the reservations are read one after the
                // other, and a move finishing between the two reads would look like a breach
                if (level == Level.STRICT && held > reserved) {
                    problems.add("reservations hold " + held + " but only " + reserved + " are reserved");
                } else if (level == Level.STRICT && held != reserved) {
                    problems.add("reserved " + reserved + " but the reservations hold " + held + " (" + (reserved - held)
                            + " stranded: reserved, held by no cart)");
                }
            }
            long total = available + reserved + sold;
            long[] range = expected == null ? null : expected.range(sku);
            String exp;
            if (range == null) {
                exp = "(`stocked`)";
                range = new long[] {stocked, stocked};
            } else {
                exp = range[0] == range[1] ? String.valueOf(range[0]) : range[0] + "…" + range[1];
                if (total < range[0] || total > range[1]) {
                    problems.add("available+reserved+sold = " + total + " ≠ " + exp + " stocked by the client");
                }
            }
            if (available < 0) {
                problems.add("negative available " + available);
            }
            if (sold < 0) {
                problems.add("negative sold " + sold);
            }
            if (stocked != total) {
                problems.add("stocked " + stocked + " ≠ available+reserved+sold " + total + " (" + available + "+" + reserved + "+" + sold + ")");
            }
            // units promised that were never stocked: shown by a negative available, or by reservations and sales
            // beyond what the client stocked (the same units when the counters add up: the larger of the two)
            long oversold = Math.max(Math.max(0, -available), Math.max(0, reserved + sold - range[1]));
            if (oversold > 0) {
                problems.add("oversold " + oversold);
            }
            if (level == Level.STRICT) {
                if (complete - returned != sold) {
                    problems.add("sold " + sold + " ≠ units in complete carts " + complete
                            + (returned == 0 ? "" : " less " + returned + " returned by cancelled orders"));
                }
                matchReservations(entryByCart, lines, problems);
            }
            return new SkuCheck(sku, exp, stocked, available, reserved, sold, complete, returned, holdingUnits, oversold, problems);
        }

        /** The reservations of a document in the first model (its {@code carted[]} array); returns their sum. */
        private long firstModelEntries(Document d, Map<String, Long> entryByCart, List<String> problems) {
            long reserved = 0;
            for (Document e : d.getList("carted", Document.class, List.of())) {
                long q = num(e.get("qty"));
                String cartId = String.valueOf(e.get("cart_id"));
                reserved += q;
                entries++;
                if (q <= 0) {
                    problems.add("carted entry of cart " + cartId + " with qty " + q);
                }
                if (entryByCart.merge(cartId, q, Long::sum) != q) {
                    problems.add("two carted entries for cart " + cartId);
                }
            }
            return reserved;
        }

        /** Every reservation is the line of a holding cart, and every such line has its reservation. */
        private void matchReservations(Map<String, Long> entryByCart, Map<String, Long> lines, List<String> problems) {
            List<String> details = new ArrayList<>();
            int mismatched = 0;
            for (Map.Entry<String, Long> e : entryByCart.entrySet()) {
                Long line = lines.get(e.getKey());
                if (line == null || !line.equals(e.getValue())) {
                    mismatched++;
                    String status = statusOf.get(e.getKey());
                    details.add("reserved " + e.getValue() + " for cart " + e.getKey() + " which "
                            + (line != null ? "holds " + line
                            : status == null ? "is missing or holds no such line" : "is " + status + (HOLDING_STATUSES.contains(status) ? " without that line" : ""))
                    );
                }
            }
            for (Map.Entry<String, Long> l : lines.entrySet()) {
                if (!entryByCart.containsKey(l.getKey())) {
                    mismatched++;
                    details.add("line of " + l.getValue() + " in " + statusOf.get(l.getKey()) + " cart " + l.getKey() + " without reservation");
                }
            }
            if (mismatched > 0) {
                unmatched += mismatched;
                problems.add(mismatched + " reservations not matching a cart line (trapped or missing): "
                        + String.join("; ", details.subList(0, Math.min(DETAILS, details.size())))
                        + (details.size() > DETAILS ? "; …" : ""));
            }
        }
    }
}

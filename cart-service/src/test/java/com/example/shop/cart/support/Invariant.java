package com.example.shop.cart.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.shop.testsupport.TestDatabase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;

/**
 * Checks the consistency invariant on EVERY sku and cart in the database, reading MongoDB directly:
 * <ol>
 * <li>stock conservation: {@code stocked = qty + Σ carted.qty + sold}, with every term ≥ 0, and at
 * most one carted entry per cart;</li>
 * <li>(strict, at a quiet moment after the jobs ran) reservations match carts exactly: every
 * carted entry belongs to an active/pending/expiring cart and equals its line's qty, every such
 * line has its entry, and {@code sold} equals the units of the complete carts' lines.</li>
 * </ol>
 * Tests that know how much stock they put in also compare {@code stocked} with their own count.
 */
public final class Invariant {

    private static final Set<String> HOLDING = Set.of("active", "pending", "expiring");

    private Invariant() {
    }

    public static void assertConservation() {
        for (Document inv : inventory()) {
            String sku = inv.getString("_id");
            long qty = num(inv, "qty");
            long sold = num(inv, "sold");
            long stocked = num(inv, "stocked");
            long reserved = 0;
            Set<String> carts = new HashSet<>();
            for (Document entry : entries(inv)) {
                long q = num(entry, "qty");
                assertTrue(q > 0, "carted entry of " + sku + " with qty " + q);
                assertTrue(carts.add(entry.getString("cart_id")), "two carted entries of one cart for " + sku);
                reserved += q;
            }
            assertTrue(qty >= 0 && sold >= 0, "negative counters for " + sku + ": " + inv.toJson());
            assertEquals(stocked, qty + reserved + sold, "stocked = available + reserved + sold for " + sku + ": " + inv.toJson());
        }
    }

    /** Conservation, and reservations equal exactly what carts hold; sold equals complete carts' lines. */
    public static void assertStrict() {
        assertConservation();
        Map<String, Document> carts = new HashMap<>();
        for (Document cart : TestDatabase.database("cart").getCollection("cart").find()) {
            carts.put(cart.getString("_id"), cart);
        }
        Map<String, Long> soldByCarts = new HashMap<>();
        Map<String, Map<String, Long>> linesHeld = new HashMap<>();
        for (Document cart : carts.values()) {
            String status = cart.getString("status");
            for (Document item : lines(cart)) {
                String sku = item.getString("sku");
                if (status.equals("complete")) {
                    soldByCarts.merge(sku, num(item, "qty"), Long::sum);
                } else if (HOLDING.contains(status)) {
                    linesHeld.computeIfAbsent(sku, k -> new HashMap<>()).put(cart.getString("_id"), num(item, "qty"));
                }
            }
        }
        for (Document inv : inventory()) {
            String sku = inv.getString("_id");
            Map<String, Long> expected = new HashMap<>(linesHeld.getOrDefault(sku, Map.of()));
            for (Document entry : entries(inv)) {
                String cartId = entry.getString("cart_id");
                Document cart = carts.get(cartId);
                if (cart == null || !HOLDING.contains(cart.getString("status"))) {
                    fail("reservation of " + entry.get("qty") + " " + sku + " held by a cart that is "
                            + (cart == null ? "missing" : cart.getString("status")));
                }
                Long line = expected.remove(cartId);
                assertEquals(line == null ? 0L : line, num(entry, "qty"),
                        "reserved qty of " + sku + " for a " + cart.getString("status") + " cart vs its line");
            }
            assertTrue(expected.isEmpty(), "cart lines of " + sku + " without reservation: " + expected);
            assertEquals(soldByCarts.getOrDefault(sku, 0L).longValue(), num(inv, "sold"), "sold of " + sku + " vs complete carts");
            linesHeld.remove(sku);
        }
        assertTrue(linesHeld.isEmpty(), "cart lines of skus without inventory: " + linesHeld.keySet());
    }

    /** The stocked total of a sku as recorded (to compare with what a test put in). */
    public static long stocked(String sku) {
        return num(TestDatabase.database("cart").getCollection("inventory").find(new Document("_id", sku)).first(), "stocked");
    }

    public static Document inventory(String sku) {
        return TestDatabase.database("cart").getCollection("inventory").find(new Document("_id", sku)).first();
    }

    public static Document cart(String id) {
        return TestDatabase.database("cart").getCollection("cart").find(new Document("_id", id)).first();
    }

    private static List<Document> inventory() {
        return TestDatabase.database("cart").getCollection("inventory").find().into(new ArrayList<>());
    }

    @SuppressWarnings("unchecked")
    static List<Document> entries(Document inv) {
        List<Document> carted = (List<Document>) inv.get("carted");
        return carted == null ? List.of() : carted;
    }

    @SuppressWarnings("unchecked")
    static List<Document> lines(Document cart) {
        List<Document> items = (List<Document>) cart.get("items");
        return items == null ? List.of() : items;
    }

    public static long num(Document doc, String field) {
        Object value = doc == null ? null : doc.get(field);
        return value instanceof Number n ? n.longValue() : 0L;
    }
}

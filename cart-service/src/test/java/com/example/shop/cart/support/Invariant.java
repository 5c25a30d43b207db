package com.example.shop.cart.support;

import static org.junit.jupiter.api.Assertions.fail;

import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.example.shop.testsupport.TestDatabase;
import org.bson.Document;

/**
 * The stock invariant ({@code support/stock-invariant}, shared with the bench) as assertions on the
 * test database, over EVERY sku and cart:
 * <ol>
 * <li>{@link #assertConservation()}: {@code stocked = qty + reserved + sold}, no term negative, the
 * reservations never hold more than is reserved; holds at any moment;</li>
 * <li>{@link #assertStrict()} (at a quiet moment after the jobs ran): also reservations equal
 * exactly what the active/pending/expiring carts' lines hold, {@code sold} equals the units of the
 * complete carts, and no holding line is of a sku without inventory.</li>
 * </ol>
 * Tests that know how much stock they put in also compare {@link #stocked(String)} with their own count.
 * Beside them, the states a process that dies in the middle of a change leaves behind, for the
 * jobs that repair them to find ({@link #strayReservation}, {@link #lostSellOut}).
 */
public final class Invariant {

    private Invariant() {
    }

    public static void assertConservation() {
        assertHolds(StockInvariant.check(TestDatabase.database("cart"), StockInvariant.Level.CONSERVATION));
    }

    /** Conservation, and reservations equal exactly what carts hold; sold equals complete carts' lines. */
    public static void assertStrict() {
        assertHolds(StockInvariant.check(TestDatabase.database("cart"), StockInvariant.Level.STRICT));
    }

    /** The stocked total of a sku as recorded (to compare with what a test put in). */
    public static long stocked(String sku) {
        return num(inventory(sku), "stocked");
    }

    public static Document inventory(String sku) {
        return TestDatabase.database("cart").getCollection("inventory").find(new Document("_id", sku)).first();
    }

    /** The cart's reservation document of the sku, or null. */
    public static Document reservation(String sku, String cartId) {
        return TestDatabase.database("cart").getCollection("reservations").find(new Document("_id", sku + " " + cartId)).first();
    }

    /**
     * What a process leaves when it dies right after reserving {@code units} of the sku for a cart
     * and before writing the cart (as of {@code at}): the move's journal entry, the units taken from
     * available into reserved, and the cart's reservation, each marked by the move.
     */
    public static void strayReservation(String sku, String cartId, long units, java.util.Date at) {
        String op = "stray-" + java.util.UUID.randomUUID();
        var db = TestDatabase.database("cart");
        db.getCollection("inventory_moves").insertOne(new Document("_id", op).append("kind", "reserve").append("at", at)
                .append("sku", sku).append("cart_id", cartId).append("units", units));
        Document mark = new Document("op", op).append("units", units);
        db.getCollection("inventory").updateOne(new Document("_id", sku), new Document("$inc", new Document("qty", -units)
                .append("reserved", units)).append("$push", new Document("moves", mark)));
        db.getCollection("reservations").insertOne(new Document("_id", sku + " " + cartId).append("sku", sku).append("cart_id", cartId)
                .append("qty", units).append("reserved_at", at).append("moves", java.util.List.of(mark)));
    }

    /**
     * What a process leaves when it dies between a stock update and the outbox record of the
     * availability transition that update made: all {@code units} of the sku's available stock sold
     * out, the transition in the stock and nowhere else, until the reconciliation finds it.
     */
    public static void lostSellOut(String sku, long units) {
        TestDatabase.database("cart").getCollection("inventory").updateOne(new Document("_id", sku),
                new Document("$set", new Document("qty", 0L))
                        .append("$inc", new Document("stocked", -units).append("rev", 1L)));
    }

    /**
     * Every document of the cart database, without what settling a move changes after the request
     * answered (the journal, the moves' marks, emptied reservations): two snapshots around a
     * request that must change nothing are equal even while earlier requests' moves settle.
     */
    /** The webhook jobs, by their kind and lease name (a HashSet: it may be asked about null). */
    private static final java.util.Set<Object> BACKGROUND_JOBS = new java.util.HashSet<>(java.util.List.of("send-webhooks", "follow-product-changes"));

    public static java.util.List<Document> snapshot() {
        java.util.List<Document> all = new java.util.ArrayList<>();
        for (Document doc : TestDatabase.snapshot("cart")) {
            if (doc.containsKey("collection")) {
                all.add(doc);
                continue;
            }
            if (doc.containsKey("cart_id") && doc.containsKey("sku") && num(doc, "qty") <= 0 && !doc.containsKey("status")) {
                continue; // an emptied reservation, deleted when its move settles
            }
            if (BACKGROUND_JOBS.contains(doc.get("kind")) || BACKGROUND_JOBS.contains(doc.get("_id"))) {
                continue; // the webhook jobs' runs and leases, which come and go in the background
            }
            Document copy = new Document(doc);
            copy.remove("moves");
            all.add(copy);
        }
        // the journal settles, and the availability outbox and the webhooks are delivered, after the requests answered
        for (String delivered : java.util.List.of("inventory_moves", "availability_outbox", "availability_listed", "webhook_outbox",
                "webhook_events", "webhook_deliveries", "webhook_pending", "webhook_positions")) {
            all = withoutCollection(all, delivered);
        }
        // the sender's runs and lease may be all these collections hold, or not yet there
        return withoutEmpty(withoutEmpty(all, "runs"), "leases");
    }

    private static java.util.List<Document> withoutEmpty(java.util.List<Document> all, String name) {
        for (int i = 0; i < all.size(); i++) {
            if (name.equals(all.get(i).getString("collection"))
                    && (i + 1 == all.size() || all.get(i + 1).containsKey("collection"))) {
                java.util.List<Document> kept = new java.util.ArrayList<>(all);
                kept.remove(i);
                return kept;
            }
        }
        return all;
    }

    private static java.util.List<Document> withoutCollection(java.util.List<Document> all, String name) {
        java.util.List<Document> kept = new java.util.ArrayList<>();
        boolean skipping = false;
        for (Document doc : all) {
            if (doc.containsKey("collection")) {
                skipping = name.equals(doc.getString("collection"));
                if (skipping) {
                    continue;
                }
            }
            if (!skipping) {
                kept.add(doc);
            }
        }
        return kept;
    }

    /** The order of the checkout of this cart under this key, or null. */
    public static Document order(String cartId, String key) {
        return TestDatabase.database("cart").getCollection("orders").find(new Document("_id", cartId + ":" + key)).first();
    }

    /** How many orders were made of this cart, under any key. */
    public static long ordersOf(String cartId) {
        return TestDatabase.database("cart").getCollection("orders").countDocuments(new Document("_id",
                new Document("$gt", cartId + ":").append("$lt", cartId + ";")));
    }

    public static Document cart(String id) {
        return TestDatabase.database("cart").getCollection("cart").find(new Document("_id", id)).first();
    }

    public static long num(Document doc, String field) {
        return StockInvariant.num(doc == null ? null : doc.get(field));
    }

    private static void assertHolds(InvariantReport report) {
        if (!report.ok()) {
            fail(report.summary() + "\n" + String.join("\n", report.problems()));
        }
    }
}

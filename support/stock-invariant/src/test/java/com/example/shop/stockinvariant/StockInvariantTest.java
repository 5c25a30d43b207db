package com.example.shop.stockinvariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.example.shop.stockinvariant.StockInvariant.Level;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The checker against documents written over the wire to the embedded MongoDB server, one breach at a time. */
class StockInvariantTest {

    private static EmbeddedMongo server;
    private static MongoClient client;
    private MongoDatabase db;

    @BeforeAll
    static void start() {
        server = EmbeddedMongo.inMemory();
        client = MongoClients.create(server.connectionString());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    @BeforeEach
    void freshDatabase() {
        db = client.getDatabase("cart");
        db.drop();
        // a consistent store: 20 stocked of "a" (2 in an active cart, 3 in a pending one, 4 sold), 5 of "b" untouched
        inventory("a", 11, 20, 4, entry("c1", 2), entry("c2", 3));
        inventory("b", 5, 5, 0);
        cart("c1", "active", line("a", 2));
        cart("c2", "pending", line("a", 3));
        cart("c3", "complete", line("a", 4));
        cart("c4", "expired");
    }

    @Test
    void aConsistentStoreHoldsAtBothLevels() {
        ExpectedStock expected = new ExpectedStock();
        expected.initial("a", 15);
        expected.acknowledged("a", 5);
        expected.initial("b", 5);
        for (Level level : Level.values()) {
            InvariantReport all = StockInvariant.check(db, level);
            assertTrue(all.ok(), all.problems().toString());
            assertEquals(2, all.rows().size());
            InvariantReport listed = StockInvariant.check(db, List.of("a", "b"), expected, level);
            assertTrue(listed.ok(), listed.problems().toString());
            assertEquals(2, listed.entries());
        }
        SkuCheck a = StockInvariant.check(db, Level.STRICT).rows().get(0);
        assertEquals(List.of(20L, 11L, 5L, 4L, 4L, 0L, 5L), List.of(a.stocked(), a.available(), a.reserved(), a.sold(), a.completeUnits(),
                a.returnedUnits(), a.holdingUnits()));
    }

    @Test
    void stockedThatDoesNotAddUpFails() {
        db.getCollection("inventory").updateOne(new Document("_id", "a"), new Document("$inc", new Document("stocked", 1)));
        assertFails(StockInvariant.check(db, Level.CONSERVATION), "a: stocked 21 ≠ available+reserved+sold 20");
    }

    @Test
    void negativeCountersFailAndNegativeAvailableIsOversold() {
        inventory("n", -2, 3, 0, entry("c9", 5)); // 5 reserved of 3 stocked
        cart("c9", "active", line("n", 5));
        InvariantReport r = StockInvariant.check(db, Level.CONSERVATION);
        assertFails(r, "n: negative available -2");
        assertEquals(2, r.oversold());
        inventory("s", 3, 2, -1);
        assertFails(StockInvariant.check(db, List.of("s"), null, Level.CONSERVATION), "s: negative sold -1");
    }

    @Test
    void aCartHoldsAtMostOnePositiveReservationPerSku() {
        inventory("d", 0, 4, 0, entry("x", 2), entry("x", 2));
        assertFails(StockInvariant.check(db, Level.CONSERVATION), "d: two carted entries for cart x");
        inventory("z", 1, 1, 0, entry("y", 0));
        assertFails(StockInvariant.check(db, Level.CONSERVATION), "z: carted entry of cart y with qty 0");
    }

    @Test
    void theClientsOwnCountIsARangeWhenSomeRestockHadNoAnswer() {
        ExpectedStock expected = new ExpectedStock();
        expected.initial("a", 15);
        expected.unknown("a", 10); // 15…25: the database's 20 is within
        assertTrue(StockInvariant.check(db, List.of("a"), expected, Level.STRICT).ok());

        ExpectedStock less = new ExpectedStock();
        less.initial("a", 12); // the store accounts for 20 units, the client stocked 12
        InvariantReport r = StockInvariant.check(db, List.of("a"), less, Level.CONSERVATION);
        assertFails(r, "a: available+reserved+sold = 20 ≠ 12 stocked by the client");
        ExpectedStock tight = new ExpectedStock();
        tight.initial("a", 6); // reserved 5 + sold 4 = 9 > 6: 3 units promised that never existed
        InvariantReport over = StockInvariant.check(db, List.of("a"), tight, Level.CONSERVATION);
        assertEquals(3, over.oversold());
        assertFails(over, "a: oversold 3");
    }

    @Test
    void aReservationOfACartThatHoldsNothingFailsOnlyStrictly() {
        db.getCollection("cart").updateOne(new Document("_id", "c1"), new Document("$set", new Document("status", "expired")));
        assertTrue(StockInvariant.check(db, Level.CONSERVATION).ok());
        InvariantReport strict = StockInvariant.check(db, Level.STRICT);
        assertFails(strict, "a: 1 reservations not matching a cart line (trapped or missing): reserved 2 for cart c1 which is expired");
        assertEquals(1, strict.unmatched());
    }

    @Test
    void aLineWithoutItsReservationOrWithAnotherQuantityFailsStrictly() {
        cart("c5", "active", line("b", 1));
        db.getCollection("cart").updateOne(new Document("_id", "c2"), new Document("$set", new Document("items", List.of(line("a", 4)))));
        InvariantReport strict = StockInvariant.check(db, List.of("a", "b"), null, Level.STRICT);
        assertFails(strict, "b: 1 reservations not matching a cart line (trapped or missing): line of 1 in active cart c5 without reservation");
        assertFails(strict, "a: 1 reservations not matching a cart line (trapped or missing): reserved 3 for cart c2 which holds 4");
        assertTrue(StockInvariant.check(db, Level.CONSERVATION).ok());
    }

    @Test
    void soldMustBeTheUnitsOfTheCompleteCarts() {
        cart("c6", "complete", line("b", 1));
        assertTrue(StockInvariant.check(db, Level.CONSERVATION).ok());
        assertFails(StockInvariant.check(db, Level.STRICT), "b: sold 0 ≠ units in complete carts 1");
    }

    /** A cancelled order gives its units back to available stock: they leave sold, though its cart stays complete. */
    @Test
    void unitsACancelledOrderReturnedAreNoLongerSold() {
        ledger("r", 7, 10, 3);
        cart("k7", "complete", line("r", 2));
        cart("k8", "complete", line("r", 1));
        order("k7:x", List.of("r"), line("r", 2));
        order("k8:x", List.of(), line("r", 1));
        assertFails(StockInvariant.check(db, List.of("r"), null, Level.STRICT),
                "r: sold 3 ≠ units in complete carts 3 less 2 returned by cancelled orders");
        db.getCollection("inventory").updateOne(new Document("_id", "r"), new Document("$inc", new Document("qty", 2).append("sold", -2)));
        for (InvariantReport r : List.of(StockInvariant.check(db, List.of("r"), null, Level.STRICT), StockInvariant.check(db, Level.STRICT))) {
            assertTrue(r.ok(), r.problems().toString());
        }
        assertEquals(2, StockInvariant.check(db, List.of("r"), null, Level.STRICT).rows().get(0).returnedUnits());
    }

    @Test
    void holdingLinesOfAnSkuWithoutInventoryFailStrictly() {
        cart("c7", "active", line("ghost", 1));
        InvariantReport r = StockInvariant.check(db, Level.STRICT);
        assertFalse(r.ok());
        assertTrue(r.problems().contains("cart lines of skus without inventory: [ghost]"), r.problems().toString());
        assertFails(StockInvariant.check(db, List.of("ghost"), null, Level.CONSERVATION), "ghost: no inventory document");
    }

    @Test
    void onlyTheListedSkusAreChecked() {
        inventory("broken", 1, 9, 0);
        cart("c8", "active", line("ghost", 1));
        assertTrue(StockInvariant.check(db, List.of("a", "b"), null, Level.STRICT).ok());
        assertFails(StockInvariant.check(db, Level.CONSERVATION), "broken: stocked 9 ≠ available+reserved+sold 1 (1+0+0)");
    }

    @Test
    void theTableShowsEveryFailingSkuAndTheSums() {
        inventory("broken", 1, 9, 0);
        InvariantReport r = StockInvariant.check(db, Level.CONSERVATION);
        String table = r.table(1);
        assertTrue(table.contains("| a | (`stocked`) | 20 | 11 | 5 | 4 | 4 | 0 | 5 | 0 | ok |"), table);
        assertTrue(table.contains("| broken |"), table);
        assertTrue(table.contains("**FAILS for 1 skus**"), table);
        assertTrue(r.summary().startsWith("invariant (conservation) FAILS: 3 skus, 1 failing"), r.summary());
    }

    /** The ledger model: counters in the stock document, one reservation document per cart and sku. */
    @Test
    void aLedgerStoreHoldsAndItsReservationsAreMatchedWithTheCarts() {
        ledger("l", 6, 10, 1, reservation("l", "k1", 2), reservation("l", "k2", 1));
        cart("k1", "active", line("l", 2));
        cart("k2", "pending", line("l", 1));
        cart("k3", "complete", line("l", 1));
        for (Level level : Level.values()) {
            InvariantReport r = StockInvariant.check(db, List.of("l"), null, level);
            assertTrue(r.ok(), r.problems().toString());
            assertEquals(2, r.entries());
        }
        assertTrue(StockInvariant.check(db, Level.STRICT).ok());
    }

    @Test
    void ledgerReservationsBeyondReservedFailAndStrandedUnitsFailStrictly() {
        ledger("m", 5, 5, 10, 0, reservation("m", "k1", 2), reservation("m", "k2", 4)); // 6 held of 5 reserved
        cart("k1", "active", line("m", 2));
        cart("k2", "active", line("m", 4));
        assertFails(StockInvariant.check(db, List.of("m"), null, Level.STRICT), "m: reservations hold 6 but only 5 are reserved");

        ledger("o", 5, 5, 10, 0, reservation("o", "k4", 3)); // 2 reserved that no reservation holds: a move in flight, or stranded
        cart("k4", "active", line("o", 3));
        assertTrue(StockInvariant.check(db, List.of("o"), null, Level.CONSERVATION).ok());
        assertFails(StockInvariant.check(db, List.of("o"), null, Level.STRICT), "o: reserved 5 but the reservations hold 3 (2 stranded");

        ledger("p", 1, 2, 0, reservation("p", "k5", -1));
        assertFails(StockInvariant.check(db, List.of("p"), null, Level.CONSERVATION), "p: reservation of cart k5 with qty -1");
    }

    @Test
    void anEmptiedLedgerReservationCountsAsNone() {
        ledger("q", 4, 4, 0, reservation("q", "k6", 0));
        cart("k6", "expired");
        assertTrue(StockInvariant.check(db, List.of("q"), null, Level.STRICT).ok());
    }

    private void ledger(String sku, long qty, long stocked, long sold, Document... reservations) {
        long reserved = 0;
        for (Document r : reservations) {
            reserved += Math.max(0, r.getLong("qty"));
        }
        ledger(sku, qty, reserved, stocked, sold, reservations);
    }

    private void ledger(String sku, long qty, long reserved, long stocked, long sold, Document... reservations) {
        for (Document r : reservations) {
            db.getCollection("reservations").insertOne(r);
        }
        db.getCollection("inventory").insertOne(new Document("_id", sku).append("qty", qty).append("reserved", reserved)
                .append("stocked", stocked).append("sold", sold));
    }

    private static Document reservation(String sku, String cartId, long qty) {
        return new Document("_id", sku + " " + cartId).append("sku", sku).append("cart_id", cartId).append("qty", qty);
    }

    private static void assertFails(InvariantReport r, String problem) {
        assertFalse(r.ok(), r.summary());
        assertTrue(r.problems().stream().anyMatch(p -> p.startsWith(problem)), "expected «" + problem + "» among " + r.problems());
    }

    private void inventory(String sku, long qty, long stocked, long sold, Document... carted) {
        db.getCollection("inventory").insertOne(new Document("_id", sku).append("qty", qty).append("stocked", stocked)
                .append("sold", sold).append("carted", new ArrayList<>(List.of(carted))));
    }

    private void cart(String id, String status, Document... lines) {
        db.getCollection("cart").insertOne(new Document("_id", id).append("status", status).append("items", new ArrayList<>(List.of(lines))));
    }

    private void order(String id, List<String> returned, Document... lines) {
        db.getCollection("orders").insertOne(new Document("_id", id).append("status", returned.isEmpty() ? "placed" : "cancelled")
                .append("lines", new ArrayList<>(List.of(lines))).append("returned", returned));
    }

    private static Document entry(String cartId, long qty) {
        return new Document("cart_id", cartId).append("qty", qty);
    }

    private static Document line(String sku, long qty) {
        return new Document("sku", sku).append("qty", qty);
    }
}

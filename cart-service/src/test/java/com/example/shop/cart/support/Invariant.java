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
 * <li>{@link #assertConservation()}: {@code stocked = qty + Σ carted.qty + sold}, no term negative,
 * every carted entry positive and at most one per cart; holds at any moment;</li>
 * <li>{@link #assertStrict()} (at a quiet moment after the jobs ran): also reservations equal
 * exactly what the active/pending/expiring carts' lines hold, {@code sold} equals the units of the
 * complete carts, and no holding line is of a sku without inventory.</li>
 * </ol>
 * Tests that know how much stock they put in also compare {@link #stocked(String)} with their own count.
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

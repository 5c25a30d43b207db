package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.letWritesAge;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.reserved;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.inventory.InventoryMigration;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.stockinvariant.StockInvariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * Stock written by the first model (each sku's holders as a {@code carted} array inside its stock
 * document, as the cart service wrote it until the ledger) is converted at start-up: the same
 * conversion, run here on such documents, keeps the invariant, can be run again after a kill half-way,
 * and leaves the over-reservations of old crashes for the cleanup to return.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class InventoryMigrationTest {

    @Inject
    InventoryMigration migration;

    @Test
    void firstModelStockIsConvertedKeepingEveryUnitAndCleanupReturnsWhatNoCartClaims() {
        Date old = new Date(System.currentTimeMillis() - 600_000); // within the test profile's expiry threshold (1h): only cleanup touches it
        String sku = newSku("OLD");
        String exact = oldCart(sku, 2, old);
        String over = oldCart(sku, 1, old); // an old crash left 2 reserved for a line of 1
        String gone = "deleted-cart-" + sku; // a cart deleted with its reservation still there
        oldStock(sku, 20, 12, 3, List.of(entry(exact, 2, old), entry(over, 2, old), entry(gone, 1, old)));
        String order = oldCart(sku, 3, old); // the 3 sold
        TestDatabase.database("cart").getCollection("cart").updateOne(new Document("_id", order),
                new Document("$set", new Document("status", "complete").append("settled", true)));
        String half = newSku("HALF");
        String holder = oldCart(half, 4, old);
        oldStock(half, 10, 6, 0, List.of(entry(holder, 4, old)));
        // a conversion killed half-way: one reservation document written, the stock document not yet converted
        TestDatabase.database("cart").getCollection("reservations").insertOne(new Document("_id", half + " " + holder)
                .append("sku", half).append("cart_id", holder).append("qty", 4L).append("reserved_at", old));
        assertTrue(StockInvariant.check(TestDatabase.database("cart"), List.of(sku, half), null, StockInvariant.Level.CONSERVATION).ok());

        rerunConversion();
        assertFalse(Invariant.inventory(sku).containsKey("carted"));
        assertEquals(5, reserved(sku));
        assertEquals(12, available(sku));
        assertEquals(2L, Invariant.num(Invariant.reservation(sku, over), "qty"));
        assertEquals(4, reserved(half));
        assertEquals(4L, Invariant.num(Invariant.reservation(half, holder), "qty"));
        Invariant.assertConservation();
        assertEquals(0, rerunConversion(), "converted documents are not converted twice");

        letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
        assertEquals(3, reserved(sku), "the lines keep their 2 and 1; the excess and the deleted cart's unit are returned");
        assertEquals(1L, Invariant.num(Invariant.reservation(sku, over), "qty"));
        assertEquals(14, available(sku));
        assertNull(Invariant.reservation(sku, gone));
        Invariant.assertStrict();

        // and the converted stock works as any other
        add(newCart(), sku, 5).then().statusCode(200);
        assertEquals(9, available(sku));
        Invariant.assertStrict();
    }

    /** Runs the start-up conversion again, as a platform restarted on first-model data would. */
    private int rerunConversion() {
        TestDatabase.database("cart").getCollection("migrations").deleteMany(new Document());
        return migration.migrate();
    }

    private static String oldCart(String sku, int qty, Date at) {
        String id = "old-" + java.util.UUID.randomUUID();
        Document line = new Document("sku", sku).append("qty", qty).append("details", new Document("title", "Album " + sku)
                .append("type", "Audio Album").append("unit_price", 1500L).append("currency", "USD"));
        TestDatabase.database("cart").getCollection("cart").insertOne(new Document("_id", id).append("status", "active")
                .append("version", 1L).append("created", at).append("last_modified", at).append("held_since", at)
                .append("items", List.of(line)).append("checkouts", List.of()));
        return id;
    }

    /** A stock document exactly as the first model wrote it. */
    private static void oldStock(String sku, long stocked, long qty, long sold, List<Document> carted) {
        TestDatabase.database("cart").getCollection("inventory").insertOne(new Document("_id", sku).append("qty", qty)
                .append("carted", new ArrayList<>(carted)).append("stocked", stocked).append("sold", sold).append("updated", new Date()));
    }

    private static Document entry(String cartId, long qty, Date at) {
        return new Document("cart_id", cartId).append("qty", qty).append("timestamp", at);
    }
}

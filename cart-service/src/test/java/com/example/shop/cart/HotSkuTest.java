package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.remove;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A sku held by very many carts at once (a drop): no cap on its holders, and the reservation that
 * decides the last units is exactly as strict as with a handful of holders.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class HotSkuTest {

    private static final int HOLDERS = 20_000;

    /** 200 shoppers at once against the last 50 units of a sku that 20,000 carts hold: exactly 50 get one. */
    @Test
    void theLastUnitsOfASkuHeldByTwentyThousandCartsAreNeverOversold() throws Exception {
        String sku = newSku("DROP");
        stock(sku, 50);
        holdOneUnitEach(sku, HOLDERS);
        try {
            lastUnitsGoToExactlyFifty(sku);
        } finally {
            letGoOfTheFixture(sku, HOLDERS); // also when it fails: other classes' expiry runs must not meet 20,000 carts
        }
        Invariant.assertStrict();
    }

    /**
     * Once a sku is sold out, the rest of the drop's adds are refused on a read of its stock: no journal
     * entry and no guarded update, each a write the database commits (the cart service's own command counters).
     */
    @Test
    void addsToASoldOutSkuAreRefusedWithoutAWrite() {
        String sku = newSku("SOLD-OUT");
        stock(sku, 1);
        add(newCart(), sku, 1).then().statusCode(200);
        String cart = newCart();
        double journalled = commands("insert", "inventory_moves");
        double guarded = commands("findAndModify", "inventory");
        for (int i = 0; i < 5; i++) {
            add(cart, sku, 1).then().statusCode(409).body("type", endsWith("/insufficient-inventory")).body("available", equalTo(0));
        }
        assertEquals(journalled, commands("insert", "inventory_moves"), "journal entries written for refused adds");
        assertEquals(guarded, commands("findAndModify", "inventory"), "guarded stock updates sent for refused adds");
        assertEquals(0, available(sku));
        assertEquals(1, reserved(sku));
        Invariant.assertStrict();
    }

    /** MongoDB commands of this kind on this collection the service has sent so far (Micrometer's driver timer). */
    private static double commands(String command, String collection) {
        return given().get("/q/metrics").then().statusCode(200).extract().asString().lines()
                .filter(l -> l.startsWith("mongodb_driver_commands_seconds_count{")
                        && l.contains("command=\"" + command + "\"") && l.contains("collection=\"" + collection + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }

    private static void lastUnitsGoToExactlyFifty(String sku) throws Exception {
        assertEquals(50, available(sku));
        assertEquals(HOLDERS, reserved(sku));
        Invariant.assertStrict();

        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<Integer>> adds = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Callable<Integer> add = () -> add(newCart(), sku, 1).statusCode();
            adds.add(pool.submit(add));
        }
        int ok = 0;
        int refused = 0;
        for (Future<Integer> add : adds) {
            int status = add.get();
            if (status == 200) {
                ok++;
            } else if (status == 409) {
                refused++;
            }
        }
        pool.shutdown();
        assertEquals(50, ok, "exactly the units left were reserved");
        assertEquals(150, refused);
        assertEquals(0, available(sku));
        assertEquals(HOLDERS + 50, reserved(sku));
        asAdmin().get("/admin/inventory/" + sku).then().statusCode(200).body("holders", equalTo(HOLDERS + 50))
                .body("reserved", equalTo(HOLDERS + 50)).body("available", equalTo(0));
        Invariant.assertStrict();
    }

    @Test
    void aHolderMayGrowOrLetGoOfItsReservationAmongManyOthers() {
        String sku = newSku("HOT");
        stock(sku, 20);
        String[] holders = {newCart(), newCart(), newCart(), newCart()};
        for (String cart : holders) {
            add(cart, sku, 1).then().statusCode(200);
        }
        add(holders[0], sku, 2).then().statusCode(200).body("items[0].qty", equalTo(3));
        remove(holders[1], sku).then().statusCode(200);
        assertEquals(5, reserved(sku));
        assertEquals(15, available(sku));
        Invariant.assertStrict();
    }

    /**
     * The state {@code count} carts each holding one unit of the sku reach through the API (each cart
     * with its line, its reservation, the sku's counters moved), written in bulk: the API would take
     * minutes for 20,000 carts.
     */
    private static void holdOneUnitEach(String sku, int count) {
        var db = TestDatabase.database("cart");
        Date now = new Date();
        List<Document> carts = new ArrayList<>();
        List<Document> reservations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String cartId = "holder-" + UUID.randomUUID();
            Document line = new Document("sku", sku).append("qty", 1).append("details", new Document("title", "Album " + sku)
                    .append("type", "Audio Album").append("unit_price", 1500L).append("currency", "USD"));
            carts.add(new Document("_id", cartId).append("status", "active").append("version", 1L).append("created", now)
                    .append("last_modified", now).append("held_since", now).append("items", List.of(line)).append("checkouts", List.of()));
            reservations.add(new Document("_id", sku + " " + cartId).append("sku", sku).append("cart_id", cartId).append("qty", 1L)
                    .append("reserved_at", now));
        }
        db.getCollection("cart").insertMany(carts);
        db.getCollection("reservations").insertMany(reservations);
        db.getCollection("inventory").updateOne(new Document("_id", sku), new Document("$inc", new Document("stocked", (long) count)
                .append("reserved", (long) count)));
    }

    /**
     * Takes the written holders out again, with the units they brought, so that the other test
     * classes sharing this database do not expire 20,000 carts in each of their expiry runs.
     */
    private static void letGoOfTheFixture(String sku, int count) {
        var db = TestDatabase.database("cart");
        db.getCollection("cart").deleteMany(new Document("_id", new Document("$regex", "^holder-")));
        db.getCollection("reservations").deleteMany(new Document("_id", new Document("$gt", sku + " holder-").append("$lt", sku + " holder.")));
        db.getCollection("inventory").updateOne(new Document("_id", sku), new Document("$inc", new Document("stocked", -(long) count)
                .append("reserved", -(long) count)));
    }
}

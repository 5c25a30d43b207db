package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.inventory.AvailabilityOutbox;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.Catalog;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The stock's transitions between available and sold out reach the catalog (here its stub): a
 * reservation that takes the last unit records "sold out", a removal, an expiry, a restock or a
 * stock level set above zero records "available", each with the stock document's revision, and the
 * sender delivers them within the 2 s the listings promise; a catalog that is down delays them, and
 * a transition whose record a crash lost is found by the reconciliation.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class AvailabilityFeedTest {

    @Inject
    AvailabilityOutbox outbox;

    /** The transitions of this sku the catalog received, in the order they arrived. */
    private static List<Map<String, Object>> received(String sku) {
        return Catalog.availabilityReceived(sku);
    }

    /** Waits (at most 5 s) until the catalog received this many transitions of the sku; returns the last one. */
    private static Map<String, Object> awaitReceived(String sku, int count) throws InterruptedException {
        return Catalog.awaitAvailabilityReceived(sku, count, Duration.ofSeconds(5));
    }

    private static long seq(Map<String, Object> transition) {
        return ((Number) transition.get("seq")).longValue();
    }

    @Test
    void theLastUnitReservedIsASellOutAndItsReturnARestockDeliveredWithinTwoSeconds() throws Exception {
        List<Long> millis = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String sku = Api.newSku("AV");
            Api.stock(sku, 2);
            String cart = Api.newCart();
            Api.add(cart, sku, 1).then().statusCode(200);
            Api.add(Api.newCart(), sku, 1).then().statusCode(200);
            long soldOutAt = System.currentTimeMillis();
            Map<String, Object> soldOut = awaitReceived(sku, 1);
            assertEquals(false, soldOut.get("available"));
            millis.add((Long) soldOut.get("at") - soldOutAt);

            Api.remove(cart, sku).then().statusCode(200);
            long backAt = System.currentTimeMillis();
            Map<String, Object> back = awaitReceived(sku, 2);
            assertEquals(true, back.get("available"));
            assertTrue(seq(back) > seq(soldOut), "a newer state has a higher seq");
            millis.add((Long) back.get("at") - backAt);
            Thread.sleep(600);
            assertEquals(2, received(sku).size(), "the first add (2 → 1 available) was no transition, nor anything since");
        }
        millis.sort(null);
        System.out.printf("cart → catalog availability delivery: p50 %d ms, max %d ms over %d transitions%n",
                millis.get(millis.size() / 2), millis.get(millis.size() - 1), millis.size());
        assertTrue(millis.get(millis.size() - 1) <= 1500, "delivered within " + millis);
    }

    @Test
    void settingRestockingAndExpiringAreTransitionsInTheirOrder() throws Exception {
        String sku = Api.newSku("AV");
        Api.stock(sku, 0); // a new sku with nothing available: sold out for the catalog, which takes unknown skus as in stock
        Map<String, Object> first = awaitReceived(sku, 1);
        assertEquals(false, first.get("available"));

        asAdmin().contentType(ContentType.JSON).body("{\"qty\":3}").post("/inventory/" + sku + "/restock").then().statusCode(200);
        Map<String, Object> restocked = awaitReceived(sku, 2);
        assertEquals(true, restocked.get("available"));

        Api.stock(sku, 1);
        Api.stock(sku, 0);
        Map<String, Object> setToZero = awaitReceived(sku, 3);
        assertEquals(false, setToZero.get("available"));

        Api.stock(sku, 1);
        awaitReceived(sku, 4);
        String cart = Api.newCart();
        Api.add(cart, sku, 1).then().statusCode(200);
        Map<String, Object> taken = awaitReceived(sku, 5);
        assertEquals(false, taken.get("available"));
        Api.job("expire-carts", "PT0S");
        Map<String, Object> expired = awaitReceived(sku, 6);
        assertEquals(true, expired.get("available"));

        List<Map<String, Object>> all = received(sku);
        for (int i = 1; i < all.size(); i++) {
            assertTrue(seq(all.get(i)) > seq(all.get(i - 1)), "seq rises with each state: " + all);
            assertTrue(!all.get(i).get("available").equals(all.get(i - 1).get("available")), "each one a transition: " + all);
        }
    }

    @Test
    void aCatalogThatIsDownDelaysTransitionsWithoutLosingThem() throws Exception {
        String sku = Api.newSku("AV");
        Api.stock(sku, 1);
        Catalog.mode("down");
        try {
            Api.stock(sku, 0); // sold out (a PUT needs no catalog; an add would need its product)
            Thread.sleep(1500);
            assertEquals(List.of(), received(sku));
        } finally {
            Catalog.mode("up");
        }
        assertEquals(false, awaitReceived(sku, 1).get("available"));
    }

    @Test
    void aTransitionWhoseRecordWasLostIsFoundByTheReconciliation() throws Exception {
        String sku = Api.newSku("AV");
        Api.stock(sku, 5);
        Invariant.lostSellOut(sku, 5);
        Thread.sleep(700);
        assertEquals(List.of(), received(sku));
        assertTrue(outbox.reconcile() >= 1);
        Map<String, Object> found = awaitReceived(sku, 1);
        assertEquals(false, found.get("available"));
        // acknowledged: the next reconciliation has nothing to add for it
        Thread.sleep(700);
        outbox.reconcile();
        Thread.sleep(700);
        assertEquals(1, received(sku).size());
    }

    @Test
    void theReconciliationWalksEveryPageOfTheStock() throws Exception {
        // 2,500 stock documents written as a crash would leave them (no record): three sold out, at the
        // first, a middle and the last sku of the run, so the reconciliation's pages of 1,000 must all be read
        String run = Api.newSku("RC");
        List<Document> stock = new ArrayList<>();
        List<String> soldOut = List.of(run + "-00000", run + "-01000", run + "-02499");
        for (int i = 0; i < 2500; i++) {
            String sku = String.format("%s-%05d", run, i);
            boolean sold = soldOut.contains(sku);
            stock.add(new Document("_id", sku).append("qty", sold ? 0L : 3L).append("reserved", 0L)
                    .append("sold", sold ? 3L : 0L).append("stocked", 3L).append("rev", 1L));
        }
        var inventory = TestDatabase.database("cart").getCollection("inventory");
        inventory.insertMany(stock);
        try {
            assertTrue(outbox.reconcile() >= 3);
            for (String sku : soldOut) {
                assertEquals(false, awaitReceived(sku, 1).get("available"), sku);
            }
            Thread.sleep(700);
            for (int i = 0; i < 2500; i += 250) {
                String sku = String.format("%s-%05d", run, i);
                assertEquals(soldOut.contains(sku) ? 1 : 0, received(sku).size(), "only the sold-out skus are sent: " + sku);
            }
        } finally {
            inventory.deleteMany(new Document("_id", new Document("$in", stock.stream().map(d -> d.get("_id")).toList())));
        }
    }
}

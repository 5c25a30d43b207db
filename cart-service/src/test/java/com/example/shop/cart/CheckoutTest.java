package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.carts.Checkout;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.RecordingPaymentGateway;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class CheckoutTest {

    @Inject
    RecordingPaymentGateway gateway;

    @Test
    void approvedCheckoutCompletesTheCartAndSellsTheStock() {
        String a = newSku("PRICE-300");
        String b = newSku("PRICE-125");
        stock(a, 10);
        stock(b, 10);
        String cart = newCart();
        add(cart, a, 2).then().statusCode(200);
        add(cart, b, 4).then().statusCode(200);
        int charges = gateway.charges();
        checkout(cart, "order-1", "approve").then().statusCode(200)
                .body("status", equalTo("complete")).body("payment", equalTo("approved"))
                .body("amount", equalTo(1100)).body("currency", equalTo("USD")).body("charge_id", notNullValue())
                .body("idempotency_key", equalTo("order-1"));
        assertEquals(charges + 1, gateway.charges());
        assertEquals("complete", Api.status(cart));
        assertEquals(8, available(a));
        assertEquals(0, reserved(a));
        assertEquals(2, Invariant.num(Invariant.inventory(a), "sold"));
        assertEquals(4, Invariant.num(Invariant.inventory(b), "sold"));
        Invariant.assertConservation();
    }

    @Test
    void sameKeyTwiceChargesOnceAndAnswersTheFirstOutcome() {
        String sku = newSku("IDEM");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        int charges = gateway.charges();
        String first = checkout(cart, "idem-key", "approve").then().statusCode(200).extract().path("charge_id");
        String second = checkout(cart, "idem-key", "approve").then().statusCode(200).extract().path("charge_id");
        assertEquals(first, second);
        assertEquals(charges + 1, gateway.charges());
        assertEquals(1, Invariant.num(Invariant.inventory(sku), "sold"));
        // a new key on a completed cart is refused, still no charge
        checkout(cart, "another-key", "approve").then().statusCode(409).body("type", endsWith("/cart-inactive"));
        assertEquals(charges + 1, gateway.charges());
    }

    @Test
    void concurrentRequestsWithTheSameKeyChargeOnce() throws Exception {
        String sku = newSku("IDEMC");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        int charges = gateway.charges();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(pool.submit((Callable<Integer>) () -> checkout(cart, "same-key", "approve").statusCode()));
        }
        int ok = 0;
        for (Future<Integer> answer : answers) {
            int status = answer.get();
            assertTrue(status == 200 || status == 202 || status == 409, "status " + status);
            ok += status == 200 ? 1 : 0;
        }
        pool.shutdown();
        assertTrue(ok >= 1);
        assertEquals(charges + 1, gateway.charges());
        checkout(cart, "same-key", "approve").then().statusCode(200);
        assertEquals(2, Invariant.num(Invariant.inventory(sku), "sold"));
        Invariant.assertConservation();
    }

    @Test
    void declineReturnsTheCartToActiveWithItsReservations() {
        String sku = newSku("DECL");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 3).then().statusCode(200);
        int charges = gateway.charges();
        checkout(cart, "try-1", "decline").then().statusCode(402).contentType("application/problem+json")
                .body("type", endsWith("/payment-declined"));
        assertEquals("active", Api.status(cart));
        assertEquals(3, reserved(sku));
        assertEquals(2, available(sku));
        // replaying the declined key answers the decline again, without calling for a new charge
        checkout(cart, "try-1", "approve").then().statusCode(402);
        assertEquals(charges, gateway.charges());
        // the cart can still be changed and checked out with a new key
        Api.change(cart, sku, 2).then().statusCode(200);
        checkout(cart, "try-2", "approve").then().statusCode(200).body("amount", equalTo(2 * 1099));
        assertEquals(charges + 1, gateway.charges());
        assertEquals(2, Invariant.num(Invariant.inventory(sku), "sold"));
        assertEquals(3, available(sku));
        Invariant.assertConservation();
    }

    @Test
    void stalledPaymentKeepsTheCartPendingUntilTheJobAsksTheGateway() {
        String sku = newSku("STALL");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        checkout(cart, "stall-1", "stall").then().statusCode(202)
                .body("status", equalTo("pending")).body("payment", equalTo("pending"));
        assertEquals("pending", Api.status(cart));
        // replay while unresolved: still pending, no second charge
        checkout(cart, "stall-1", "stall").then().statusCode(202);
        assertTrue(gateway.charged(Checkout.gatewayKey(cart, "stall-1")));
        // pending carts keep their reservations: neither expiry nor cleanup touch them
        Api.job("expire-carts", "PT0S").then().statusCode(200);
        Api.job("cleanup-inventory", "PT0S").then().statusCode(200);
        assertEquals("pending", Api.status(cart));
        assertEquals(2, reserved(sku));
        // changes are refused while pending
        add(cart, sku, 1).then().statusCode(409).body("type", endsWith("/cart-inactive"));
        // not yet stalled by the configured limit (1h in tests): left alone
        Api.job("resolve-checkouts", null).then().statusCode(200);
        assertEquals("pending", Api.status(cart));
        // past the limit: the gateway says the charge went through, so the cart completes and sells
        Api.job("resolve-checkouts", "PT0S").then().statusCode(200).body("counts.completed", equalTo(1));
        assertEquals("complete", Api.status(cart));
        assertEquals(2, Invariant.num(Invariant.inventory(sku), "sold"));
        assertEquals(0, reserved(sku));
        checkout(cart, "stall-1", "approve").then().statusCode(200).body("payment", equalTo("approved"));
        Invariant.assertConservation();
    }

    @Test
    void aCheckoutWhoseChargeNeverArrivedIsReleasedBackToActive() {
        String sku = newSku("LOST");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        // simulate a process that locked the cart and died before calling the gateway
        com.example.shop.testsupport.TestDatabase.database("cart").getCollection("cart").updateOne(
                new org.bson.Document("_id", cart),
                new org.bson.Document("$set", new org.bson.Document("status", "pending"))
                        .append("$push", new org.bson.Document("checkouts", new org.bson.Document("key", "lost-1")
                                .append("state", "pending").append("amount", 2198L).append("currency", "USD"))));
        Api.job("resolve-checkouts", "PT0S").then().statusCode(200).body("counts.released", equalTo(1));
        assertEquals("active", Api.status(cart));
        assertEquals(2, reserved(sku));
        checkout(cart, "lost-1", "approve").then().statusCode(409).body("type", endsWith("/checkout-abandoned"));
        checkout(cart, "lost-2", "approve").then().statusCode(200);
        Invariant.assertConservation();
    }

    @Test
    void emptyAndUnknownCarts() {
        String cart = newCart();
        checkout(cart, "empty", "approve").then().statusCode(409).body("type", endsWith("/empty-cart"));
        assertEquals("active", Api.status(cart));
        checkout("B".repeat(43), "k", "approve").then().statusCode(404);
        checkout("short", "k", "approve").then().statusCode(400);
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.orderAction;
import static com.example.shop.cart.support.Api.receipt;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.orders.CancelOrder;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.RecordingPaymentGateway;
import com.example.shop.testsupport.Eventually;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An order's lifecycle, placed → fulfilled | cancelled: a cancel gives each line's units back to
 * available stock exactly once and refunds the payment under one key, whoever asks and however a
 * cancel that died part-way is finished; a fulfilled order is never cancelled, a cancelled one never
 * fulfilled.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrderCancelTest {

    @Inject
    ArmedSeams seams;

    @Inject
    RecordingPaymentGateway gateway;

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    /** A paid order of 3 of {@code skus[0]} and 1 of {@code skus[1]}, each stocked 10. */
    private record Placed(String cart, String key, long number, String[] skus) {

        String id() {
            return cart + ":" + key;
        }
    }

    private static Placed placed(String name) {
        String a = newSku(name);
        String b = newSku("PRICE-300");
        stock(a, 10);
        stock(b, 10);
        String cart = newCart();
        add(cart, a, 3).then().statusCode(200);
        add(cart, b, 1).then().statusCode(200);
        long number = receipt(checkout(cart, "pay", "approve").then().statusCode(200).extract().response()).number();
        return new Placed(cart, "pay", number, new String[] {a, b});
    }

    @Test
    void aCancelGivesTheUnitsBackAndRefundsOnceHoweverOftenAsked() {
        Placed order = placed("CANCEL");
        assertEquals(7, available(order.skus()[0]));
        Response cancelled = orderAction(order.number(), "cancel");
        cancelled.then().statusCode(200).body("status", equalTo("cancelled"))
                .body("history.status", equalTo(List.of("placed", "cancelled")))
                .body("lines.returned", equalTo(List.of(true, true)))
                .body("payment.refund.state", equalTo("refunded")).body("payment.refund.id", notNullValue());
        assertUnitsBack(order);
        String refund = cancelled.path("payment.refund.id");
        assertEquals(refund, gateway.refunded(CancelOrder.refundKey(order.id())).refundId());

        orderAction(order.number(), "cancel").then().statusCode(200).body("status", equalTo("cancelled"))
                .body("payment.refund.id", equalTo(refund)).body("history.size()", equalTo(2));
        assertUnitsBack(order);
        Api.asAdmin().get("/admin/orders/" + order.number()).then().statusCode(200).body("status", equalTo("cancelled"));
        Invariant.assertStrict();
    }

    @Test
    void concurrentCancelsGiveTheUnitsBackOnce() throws Exception {
        Placed order = placed("CANCEL-RACE");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Response>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(pool.submit((Callable<Response>) () -> {
                start.await();
                return orderAction(order.number(), "cancel");
            }));
        }
        start.countDown();
        for (Future<Response> answer : answers) {
            answer.get().then().statusCode(200).body("status", equalTo("cancelled"));
        }
        pool.shutdown();
        orderAction(order.number(), "cancel").then().statusCode(200); // finishes what a losing cancel may have left to the winner
        assertUnitsBack(order);
        assertEquals(true, Invariant.order(order.cart(), order.key()).getBoolean("settled"));
        Invariant.assertStrict();
    }

    @Test
    void aFulfilledOrderIsNotCancelledAndACancelledOneNotFulfilled() {
        Placed shipped = placed("SHIPPED");
        orderAction(shipped.number(), "fulfil").then().statusCode(200).body("status", equalTo("fulfilled"))
                .body("history.status", equalTo(List.of("placed", "fulfilled")));
        orderAction(shipped.number(), "fulfil").then().statusCode(200).body("history.size()", equalTo(2));
        List<Document> before = Invariant.snapshot();
        orderAction(shipped.number(), "cancel").then().statusCode(409).contentType("application/problem+json")
                .body("type", endsWith("/order-fulfilled"));
        assertEquals(before, Invariant.snapshot(), "a refused cancel changed the database");
        assertEquals(7, available(shipped.skus()[0]));

        Placed cancelled = placed("UNSHIPPED");
        orderAction(cancelled.number(), "cancel").then().statusCode(200);
        before = Invariant.snapshot();
        orderAction(cancelled.number(), "fulfil").then().statusCode(409).body("type", endsWith("/order-cancelled"));
        assertEquals(before, Invariant.snapshot(), "a refused fulfilment changed the database");
        orderAction(999_999_999_999L, "cancel").then().statusCode(404);
        orderAction(999_999_999_999L, "fulfil").then().statusCode(404);
        Invariant.assertStrict();
    }

    /**
     * A cancel whose process dies at each point is finished by the next cancel or by the stalled-checkout
     * job, the cleanup running first (it must not settle a return its order has not recorded): every unit
     * back once, one refund.
     */
    @ParameterizedTest
    @CsvSource({
            "AFTER_CANCEL, cancel", "AFTER_CANCEL, job",
            "AFTER_RETURN_TO_STOCK, cancel", "AFTER_RETURN_TO_STOCK, job",
            "BEFORE_SETTLE, cancel", "BEFORE_SETTLE, job",
            "BEFORE_REFUND, cancel", "BEFORE_REFUND, job",
            "AFTER_REFUND, cancel", "AFTER_REFUND, job"})
    void aCancelThatDiesPartWayIsFinishedOnce(CartSeam point, String resumer) throws InterruptedException {
        Placed order = placed("CANCEL-" + point.name().replace('_', '-'));
        seams.arm(point);
        orderAction(order.number(), "cancel").then().statusCode(500);
        Invariant.assertConservation();
        Document left = Invariant.order(order.cart(), order.key());
        assertEquals("cancelled", left.getString("status"));
        assertEquals(false, left.getBoolean("settled"));
        assertNull(left.get("payment", Document.class).get("refund"));

        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
        if (resumer.equals("cancel")) {
            orderAction(order.number(), "cancel").then().statusCode(200).body("payment.refund.state", equalTo("refunded"));
        } else {
            job("resolve-checkouts", "PT0S").then().statusCode(200).body("counts.cancels_finished", greaterThanOrEqualTo(1));
        }
        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
        assertUnitsBack(order);
        // every return's move settled: by the cancel that finished it, or by the cleanup once its order recorded it
        assertTrue(Eventually.holds(Duration.ofSeconds(5), () -> TestDatabase.database("cart").getCollection("inventory_moves")
                .countDocuments(new Document("order_id", order.id())) == 0), "a return's move left in the journal");
        Document finished = Invariant.order(order.cart(), order.key());
        assertEquals(true, finished.getBoolean("settled"));
        assertEquals(List.of(order.skus()[0], order.skus()[1]), finished.getList("returned", String.class));
        Document refund = finished.get("payment", Document.class).get("refund", Document.class);
        assertNotNull(refund);
        assertEquals(gateway.refunded(CancelOrder.refundKey(order.id())).refundId(), refund.getString("id"));
        // asked once more: nothing moves
        orderAction(order.number(), "cancel").then().statusCode(200);
        job("resolve-checkouts", "PT0S").then().statusCode(200);
        assertUnitsBack(order);
        Invariant.assertStrict();
    }

    /** Both lines' units are available again, none sold, none reserved: as before the order. */
    private static void assertUnitsBack(Placed order) {
        for (String sku : order.skus()) {
            assertEquals(10, available(sku), sku);
            assertEquals(0, Invariant.num(Invariant.inventory(sku), "sold"), sku);
            assertEquals(0, Invariant.num(Invariant.inventory(sku), "reserved"), sku);
            assertEquals(10, Invariant.stocked(sku), sku);
        }
    }
}

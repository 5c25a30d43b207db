package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.orderAction;
import static com.example.shop.cart.support.Api.receipt;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The order events through the real endpoints: a checkout's {@code order.placed}, then a cancel's
 * {@code order.cancelled} or a fulfil's {@code order.fulfilled}, each reaching a subscribed receiver
 * once, signed as the Standard Webhooks verifier checks; and the same when the process dies after
 * the order's change and before its event was written: the jobs write it, once.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrderWebhooksTest {

    private static final Duration WITHIN = Duration.ofSeconds(30);

    @Inject
    ArmedSeams seams;

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cancel", "fulfil"})
    void aCheckoutAndItsEndEachReachTheSubscriberOnceSigned(String action) throws Exception {
        try (Receiver receiver = new Receiver()) {
            Webhooks.Subscription subscription = subscribe(receiver);
            try {
                String cart = cartToPay("WHO");
                long number = receipt(checkout(cart, "pay", "approve").then().statusCode(200).extract().response()).number();
                JsonPath placed = deliveredOnce(receiver, subscription, number, "order.placed", 1);
                assertEquals("placed", placed.getString("data.status"));
                assertEquals(3, placed.getInt("data.order.total_units"));
                assertEquals(3 * 1099, placed.getInt("data.order.total_amount"));

                orderAction(number, action).then().statusCode(200);
                String ended = "cancel".equals(action) ? "order.cancelled" : "order.fulfilled";
                JsonPath end = deliveredOnce(receiver, subscription, number, ended, 2);
                assertEquals("cancel".equals(action) ? "cancelled" : "fulfilled", end.getString("data.status"));

                // asked again: the same answer, and no second event
                orderAction(number, action).then().statusCode(200);
                settleAndCheckOnce(receiver, number, "order.placed", ended);
            } finally {
                Webhooks.delete(subscription.id());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"place", "cancel", "fulfil"})
    void aChangeWhoseWriterDiesBeforeItsEventGetsItOnce(String step) throws Exception {
        try (Receiver receiver = new Receiver()) {
            Webhooks.Subscription subscription = subscribe(receiver);
            try {
                String cart = cartToPay("WHD");
                long number;
                String type;
                if ("place".equals(step)) {
                    seams.arm(CartSeam.ORDER_CHANGED);
                    checkout(cart, "dies", "approve").then().statusCode(500);
                    Document order = Invariant.order(cart, "dies");
                    assertNotNull(order, "the order was written before the process died");
                    assertEquals(0, eventsOf(order.get("number", Number.class).longValue(), "order.placed"), "no event yet");
                    repair();
                    number = order.get("number", Number.class).longValue();
                    type = "order.placed";
                } else {
                    number = receipt(checkout(cart, "pay", "approve").then().statusCode(200).extract().response()).number();
                    deliveredOnce(receiver, subscription, number, "order.placed", 1);
                    type = "cancel".equals(step) ? "order.cancelled" : "order.fulfilled";
                    seams.arm(CartSeam.ORDER_CHANGED);
                    orderAction(number, step).then().statusCode(500);
                    asStatus(number, "cancel".equals(step) ? "cancelled" : "fulfilled");
                    assertEquals(0, eventsOf(number, type), "no event yet");
                    repair();
                }
                deliveredOnce(receiver, subscription, number, type, "place".equals(step) ? 1 : 2);
                repair();
                settleAndCheckOnce(receiver, number, type);
            } finally {
                Webhooks.delete(subscription.id());
            }
        }
    }

    private static Webhooks.Subscription subscribe(Receiver receiver) {
        return Webhooks.subscribe(receiver.url("/orders"), "order.placed", "order.cancelled", "order.fulfilled");
    }

    /** A cart holding 3 units of a new sku, ready to check out. */
    private static String cartToPay(String prefix) {
        String sku = newSku(prefix);
        stock(sku, 10);
        String cart = newCart();
        add(cart, sku, 3).then().statusCode(200);
        return cart;
    }

    /**
     * Waits for the event of {@code type} for the order to reach the receiver: one webhook-id, its
     * requests signed by the subscription's secret, of the given sequence. Returns its body.
     */
    private static JsonPath deliveredOnce(Receiver receiver, Webhooks.Subscription subscription, long number, String type, long sequence)
            throws InterruptedException {
        Map<String, List<Receiver.Request>> byId = receiver.awaitDistinct(request -> is(request, number, type), 1, WITHIN);
        assertEquals(1, byId.size(), type + " of order " + number + " arrived once: " + byId.keySet());
        List<Receiver.Request> sent = byId.values().iterator().next();
        for (Receiver.Request request : sent) {
            assertTrue(Webhooks.signedBy(request, subscription.secret()), "signed: " + request.headers());
        }
        JsonPath body = JsonPath.from(sent.get(0).body());
        assertEquals(sequence, body.getLong("sequence"));
        assertEquals(number, body.getLong("data.number"));
        assertEquals(1, eventsOf(number, type), "one " + type + " event in the outbox for order " + number);
        return body;
    }

    /** After a moment more for late sends: still one webhook-id and one stored event of each type. */
    private static void settleAndCheckOnce(Receiver receiver, long number, String... types) throws InterruptedException {
        Thread.sleep(1000);
        for (String type : types) {
            assertEquals(1, receiver.requests().stream().filter(request -> is(request, number, type))
                    .map(request -> request.header("webhook-id")).distinct().count(), type + " of order " + number);
            assertEquals(1, eventsOf(number, type), type + " of order " + number);
        }
    }

    private static boolean is(Receiver.Request request, long number, String type) {
        JsonPath body = JsonPath.from(request.body());
        return type.equals(body.getString("type")) && String.valueOf(number).equals(body.getString("subject"));
    }

    /** The events of this type for the order, waiting in the outbox or fanned out. */
    private static long eventsOf(long number, String type) {
        Document selected = new Document("type", type).append("subject", String.valueOf(number));
        return TestDatabase.database("cart").getCollection("webhook_outbox").countDocuments(selected)
                + TestDatabase.database("cart").getCollection("webhook_events").countDocuments(selected);
    }

    private static void asStatus(long number, String status) {
        Api.asAdmin().get("/admin/orders/" + number).then().statusCode(200).body("status", equalTo(status));
    }

    /** The cleanup, the stalled-checkout job (which finishes sales, cancels and order events), the cleanup again. */
    private static void repair() {
        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
        job("resolve-checkouts", "PT0S").then().statusCode(200);
        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
    }
}

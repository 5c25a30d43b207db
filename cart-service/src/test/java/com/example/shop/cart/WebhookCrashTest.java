package com.example.shop.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.inventory.AvailabilityOutbox;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sender dies at each point between its writes (an armed seam stops it there, as a killed
 * process would stop, leaving its claims and its run's lease): every event is delivered afterwards,
 * a repeat only as a retry under the same webhook-id. A transition whose record a crash of the
 * stock update lost reaches the subscribers through the reconciliation.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class WebhookCrashTest {

    private static final Duration WITHIN = Duration.ofSeconds(30);

    @Inject
    ArmedSeams seams;
    @Inject
    AvailabilityOutbox availability;

    private Receiver receiver;
    private Webhooks.Subscription subscription;

    @BeforeEach
    void subscribe() {
        receiver = new Receiver();
        subscription = Webhooks.subscribe(receiver.url("/crash"), "inventory.sold_out");
    }

    @AfterEach
    void unsubscribe() {
        seams.disarm();
        Webhooks.delete(subscription.id());
        receiver.close();
    }

    private List<Receiver.Request> requestsOf(String sku) {
        return receiver.requestsWith("\"" + sku + "\"");
    }

    private Map<String, Object> awaitSucceeded(String sku) throws InterruptedException {
        Map<String, Object> delivered = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && "succeeded".equals(delivery.get("state")), WITHIN);
        assertNotNull(delivered, "delivered: " + Webhooks.deliveriesOf(subscription.id(), sku));
        return delivered;
    }

    @Test
    void killedAfterTheReceiverAnsweredTheEventIsSentAgainUnderTheSameId() throws Exception {
        seams.arm(CartSeam.WEBHOOK_ANSWERED);
        String sku = Api.newSku("KILL");
        Api.stock(sku, 0);

        Map<String, Object> delivered = awaitSucceeded(sku);
        List<Receiver.Request> received = requestsOf(sku);
        assertEquals(2, received.size(), "the answer was lost with the sender: sent again once its claim ran out");
        assertEquals(received.get(0).header("webhook-id"), received.get(1).header("webhook-id"));
        assertEquals(delivered.get("id"), received.get(0).header("webhook-id"));
        assertTrue(received.stream().allMatch(request -> Webhooks.signedBy(request, subscription.secret())));
    }

    @Test
    void killedWithTheDeliveryClaimedTheEventIsSentOnceTheClaimRunsOut() throws Exception {
        seams.arm(CartSeam.WEBHOOK_CLAIMED);
        String sku = Api.newSku("KILL");
        Api.stock(sku, 0);

        Map<String, Object> delivered = awaitSucceeded(sku);
        assertEquals(1, requestsOf(sku).size());
        assertEquals(1, delivered.get("attempt_count"));
    }

    @Test
    void killedInTheFanOutTheNextRunFansOutAgainAndSendsOnce() throws Exception {
        seams.arm(CartSeam.WEBHOOK_FANNED_OUT);
        String sku = Api.newSku("KILL");
        Api.stock(sku, 0);

        Map<String, Object> delivered = awaitSucceeded(sku);
        assertEquals(1, requestsOf(sku).size(), "one delivery however often it was fanned out");
        assertEquals(1, delivered.get("attempt_count"));
        assertEquals(1, Webhooks.deliveriesOf(subscription.id(), sku).size());
    }

    @Test
    void aSellOutWhoseRecordACrashLostIsSentAfterTheReconciliation() throws Exception {
        String sku = Api.newSku("LOST");
        Api.stock(sku, 5);
        Invariant.lostSellOut(sku, 5);
        assertTrue(availability.reconcile() >= 1);

        awaitSucceeded(sku);
        List<Receiver.Request> received = requestsOf(sku);
        assertEquals(1, received.size());
        assertTrue(received.get(0).body().contains("\"inventory.sold_out\""), received.get(0).body());
    }
}

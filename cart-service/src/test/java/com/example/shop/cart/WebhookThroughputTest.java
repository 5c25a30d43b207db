package com.example.shop.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * What one sender does, measured roughly (printed, not asserted: figures belong to bench/): the
 * time from a stock change's answer to its webhook's arrival at a local receiver, and how fast a
 * backlog of events in the outbox drains to one subscription. The design's "past one machine"
 * estimate starts from these.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class WebhookThroughputTest {

    private static final int CHANGES = 50;
    private static final int BACKLOG = 1000;

    @Test
    void changesReachAReceiverAndABacklogDrains() throws Exception {
        try (Receiver receiver = new Receiver()) {
            Webhooks.Subscription subscription = Webhooks.subscribe(receiver.url("/measured"), "inventory.sold_out");
            try {
                List<Long> millis = new ArrayList<>();
                for (int i = 0; i < CHANGES; i++) {
                    String sku = Api.newSku("TP");
                    Api.stock(sku, 0);
                    long answered = System.nanoTime();
                    Receiver.Request arrived = receiver.await(r -> r.body().contains("\"" + sku + "\""), 1, Duration.ofSeconds(20)).get(0);
                    millis.add(Math.max(0, (arrived.arrivedNanos() - answered) / 1_000_000));
                }
                millis.sort(null);

                // a backlog written straight into the outbox, as appends would have written it; one real append wakes the sender
                String run = Api.newSku("TPB");
                List<Document> events = new ArrayList<>();
                Date now = new Date();
                for (int i = 0; i < BACKLOG; i++) {
                    String sku = run + "-" + i;
                    events.add(new Document("_id", "evt_" + sku).append("type", "inventory.sold_out").append("subject", sku)
                            .append("sequence", 1L).append("payload", "{\"type\":\"inventory.sold_out\",\"subject\":\"" + sku + "\"}")
                            .append("at", now));
                }
                long started = System.nanoTime();
                TestDatabase.database("cart").getCollection("webhook_outbox").insertMany(events);
                Api.stock(Api.newSku("TPW"), 0);
                // at least once: a request that timed out under load is sent again, so count events by webhook-id
                Map<String, List<Receiver.Request>> drained = receiver.awaitDistinct(r -> r.body().contains(run), BACKLOG,
                        Duration.ofSeconds(120));
                Set<String> expected = events.stream().map(event -> event.getString("_id")).collect(Collectors.toSet());
                assertEquals(expected, drained.keySet(), "every event of the backlog arrived, and no other");
                drained.forEach((id, sent) -> assertEquals(1, sent.stream().map(Receiver.Request::body).distinct().count(),
                        "the requests of " + id + " are re-sends of one event"));
                // a receiver that answered at once leaves no failed attempt but one that timed out under load
                List<String> failures = new ArrayList<>();
                TestDatabase.database("cart").getCollection("webhook_deliveries")
                        .find(new Document("subscription", subscription.id()).append("attempts.error", new Document("$ne", null)))
                        .forEach(delivery -> delivery.getList("attempts", Document.class).stream().map(a -> a.getString("error"))
                                .filter(error -> error != null && !error.startsWith("timed out")).forEach(failures::add));
                assertEquals(List.of(), failures, "attempts that failed though the receiver answered");
                long last = drained.values().stream().mapToLong(sent -> sent.get(0).arrivedNanos()).max().orElse(started);
                System.out.printf("webhooks: change → receiver p50 %d ms, p99 %d ms, max %d ms over %d changes; a backlog of %d "
                                + "drained at %.0f deliveries/s to one subscription%n", millis.get(millis.size() / 2),
                        millis.get((int) Math.ceil(millis.size() * 0.99) - 1), millis.get(millis.size() - 1), millis.size(), BACKLOG,
                        BACKLOG / ((last - started) / 1e9));
            } finally {
                Webhooks.delete(subscription.id());
            }
        }
    }
}

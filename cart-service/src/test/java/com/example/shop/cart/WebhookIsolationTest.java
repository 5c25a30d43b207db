package com.example.shop.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A receiver that holds every request does not delay another: it gets at most
 * {@code cart.webhooks.concurrency-per-endpoint} requests at once, while the other receives every
 * event. The request timeout is long here, so the held requests stay held for the whole test.
 */
@QuarkusTest
@TestProfile(WebhookIsolationTest.LongTimeout.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class WebhookIsolationTest {

    public static class LongTimeout implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cart.webhooks.timeout", "PT60S", "cart.webhooks.concurrency-per-endpoint", "4");
        }
    }

    @Test
    void aSlowReceiverHoldsOnlyItsOwnDeliveries() throws Exception {
        try (Receiver slow = new Receiver().hold(); Receiver fast = new Receiver()) {
            Webhooks.Subscription held = Webhooks.subscribe(slow.url("/slow"), "inventory.sold_out");
            Webhooks.Subscription quick = Webhooks.subscribe(fast.url("/fast"), "inventory.sold_out");
            try {
                List<String> skus = new ArrayList<>();
                for (int i = 0; i < 12; i++) {
                    String sku = Api.newSku("SLOW");
                    Api.stock(sku, 0);
                    skus.add(sku);
                }
                List<Receiver.Request> got = fast.await(request -> skus.stream().anyMatch(sku -> request.body().contains("\"" + sku + "\"")),
                        skus.size(), Duration.ofSeconds(30));
                Set<String> subjects = got.stream().map(request -> skus.stream()
                        .filter(sku -> request.body().contains("\"" + sku + "\"")).findFirst().orElseThrow()).collect(Collectors.toSet());
                assertEquals(Set.copyOf(skus), subjects, "the fast receiver got every event while the slow one held its requests");
                assertTrue(slow.mostInFlight() <= 4, "at most 4 requests at once to one subscription: " + slow.mostInFlight());
                assertTrue(slow.requests().size() <= 4, "the slow one has had only its first 4: " + slow.requests().size());

                slow.release();
                List<Receiver.Request> late = slow.await(request -> skus.stream().anyMatch(sku -> request.body().contains("\"" + sku + "\"")),
                        skus.size(), Duration.ofSeconds(30));
                assertEquals(skus.size(), late.size(), "once it answers, the slow one gets the rest");
                assertTrue(slow.mostInFlight() <= 4, "still at most 4 at once: " + slow.mostInFlight());
            } finally {
                Webhooks.delete(held.id());
                Webhooks.delete(quick.id());
            }
        }
    }
}

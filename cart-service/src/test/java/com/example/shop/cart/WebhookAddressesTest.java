package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * With private addresses refused, as in production: a receiver whose host is or resolves to a
 * loopback, private, link-local or unspecified address is refused when subscribing (422 on url,
 * nothing written), and again when sending, for a subscription whose host resolved elsewhere when
 * it was made (written here as such a subscription would be stored). No request leaves for those
 * addresses: each is refused before any connection.
 */
@QuarkusTest
@TestProfile(WebhookAddressesTest.PrivateAddressesRefused.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class WebhookAddressesTest {

    public static class PrivateAddressesRefused implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cart.webhooks.allow-private-addresses", "false");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/hook", "http://localhost/hook", "https://[::1]/hook", "http://10.0.0.8/hook",
            "http://172.20.1.1/hook", "http://192.168.0.10/hook", "http://169.254.169.254/latest/meta-data",
            "http://0.0.0.0/hook", "http://[fd00::1]/hook", "http://[::ffff:127.0.0.1]/hook"})
    void aReceiverAtANonPublicAddressIsRefused(String url) {
        // a marker of this request alone: what other test classes left, or their background work, does not count here
        String marked = url + "?test=" + new ObjectId().toHexString();
        Webhooks.create("{\"url\":\"" + marked + "\",\"events\":[\"order.placed\"]}")
                .then().statusCode(422).contentType("application/problem+json")
                .body("type", equalTo("https://problems.shop.example/receiver-refused"))
                .body("field", equalTo("url")).body("detail", containsString("address"));
        assertEquals(0, TestDatabase.database("cart").getCollection("webhook_subscriptions").countDocuments(new Document("url", marked)),
                "no subscription written");
    }

    @Test
    void aSubscriptionWhoseHostNowResolvesToLoopbackIsNotSentTo() throws Exception {
        try (Receiver receiver = new Receiver()) {
            String id = new ObjectId().toHexString();
            Date now = new Date();
            TestDatabase.database("cart").getCollection("webhook_subscriptions").insertOne(new Document("_id", id)
                    .append("url", receiver.url("/internal")).append("events", List.of("inventory.sold_out"))
                    .append("secret", "whsec_" + "A".repeat(44)).append("enabled", true).append("created_at", now)
                    .append("updated_at", now).append("version", 0L));
            try {
                // written past the API, so the replica reads it at its next look at the subscriptions: a change
                // through the API (one that checks no address) makes that look now
                Webhooks.change(id, "{\"enabled\":true}").then().statusCode(200);
                String sku = Api.newSku("SSRF");
                Api.stock(sku, 0);
                Map<String, Object> refused = Webhooks.awaitDelivery(id,
                        delivery -> sku.equals(delivery.get("subject")) && !Webhooks.attempts(delivery).isEmpty(), Duration.ofSeconds(20));
                assertNotNull(refused, "an attempt is recorded: " + Webhooks.deliveries(id));
                Map<String, Object> attempt = Webhooks.attempts(refused).get(0);
                assertEquals(null, attempt.get("status"));
                assertTrue(((String) attempt.get("error")).contains("loopback"), attempt.toString());
                assertEquals(List.of(), receiver.requests(), "no request reached the loopback receiver");
            } finally {
                asAdmin().delete("/admin/webhooks/" + id).then().statusCode(204);
            }
        }
    }
}

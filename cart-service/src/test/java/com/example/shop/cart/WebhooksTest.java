package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.cart.webhooks.WebhookEventType;
import com.example.shop.cart.webhooks.WebhookEvents;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Webhooks end to end: subscriptions through the admin API, events from real reservations and stock
 * changes, requests to a real receiver on 127.0.0.1 whose signatures the Standard Webhooks verifier
 * accepts, retries with backoff, the delivery log, redelivery, disabled subscriptions and redirects.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class WebhooksTest {

    private static final Duration WITHIN = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<String> subscriptions = new ArrayList<>();
    private final List<Receiver> receivers = new ArrayList<>();

    @AfterEach
    void removeSubscriptions() {
        subscriptions.forEach(Webhooks::delete);
        receivers.forEach(Receiver::close);
    }

    private Receiver receiver() {
        Receiver receiver = new Receiver();
        receivers.add(receiver);
        return receiver;
    }

    private Webhooks.Subscription subscribe(String url, String... events) {
        Webhooks.Subscription subscription = Webhooks.subscribe(url, events);
        subscriptions.add(subscription.id());
        return subscription;
    }

    private static JsonNode body(Receiver.Request request) {
        try {
            return JSON.readTree(request.body());
        } catch (Exception e) {
            throw new AssertionError(request.body(), e);
        }
    }

    /** A new sku with nothing available: one sold-out event of it, at sequence 1. */
    private static String soldOutSku() {
        String sku = Api.newSku("WH");
        Api.stock(sku, 0);
        return sku;
    }

    @Test
    void aSubscriptionIsMadeShownChangedAndDeletedAndItsSecretShownOnce() {
        Response created = Webhooks.create("{\"url\":\"http://127.0.0.1:9/hooks\",\"events\":[\"order.placed\",\"inventory.sold_out\"]}");
        created.then().statusCode(201).header("Location", matchesPattern(".*/admin/webhooks/[0-9a-f]{24}$"))
                .header("Cache-Control", "private, no-store")
                .body("url", equalTo("http://127.0.0.1:9/hooks")).body("enabled", equalTo(true))
                .body("secret", matchesPattern("^whsec_[A-Za-z0-9+/]{43}=$"));
        String id = created.jsonPath().getString("id");
        subscriptions.add(id);

        asAdmin().get("/admin/webhooks/" + id).then().statusCode(200)
                .body("events", equalTo(List.of("order.placed", "inventory.sold_out"))).body("secret", nullValue())
                .body(not(containsString("whsec_")));
        List<String> listed = asAdmin().queryParam("limit", 100).get("/admin/webhooks").then().statusCode(200)
                .extract().jsonPath().getList("items.id");
        assertTrue(listed.contains(id));

        Webhooks.change(id, "{\"enabled\":false,\"events\":[\"product.changed\"],\"secret\":\"whsec_" + "A".repeat(32) + "\"}")
                .then().statusCode(200).body("enabled", equalTo(false)).body("events", equalTo(List.of("product.changed")))
                .body("url", equalTo("http://127.0.0.1:9/hooks")).body(not(containsString("whsec_")));

        asAdmin().delete("/admin/webhooks/" + id).then().statusCode(204);
        asAdmin().get("/admin/webhooks/" + id).then().statusCode(404);
        asAdmin().get("/admin/webhooks/" + id + "/deliveries").then().statusCode(404);
        given().get("/admin/webhooks").then().statusCode(401);
        given().auth().oauth2(TestTokens.withRoles("customer")).get("/admin/webhooks").then().statusCode(403);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"events\":[\"order.placed\"]}                                                    | url",
            "{\"url\":\"ftp://127.0.0.1/x\",\"events\":[\"order.placed\"]}                      | url",
            "{\"url\":\"/relative\",\"events\":[\"order.placed\"]}                              | url",
            "{\"url\":\"http://user:pw@127.0.0.1/x\",\"events\":[\"order.placed\"]}             | url",
            "{\"url\":\"http://127.0.0.1/x#frag\",\"events\":[\"order.placed\"]}                | url",
            "{\"url\":\"not a url\",\"events\":[\"order.placed\"]}                              | url",
            "{\"url\":{\"$ne\":null},\"events\":[\"order.placed\"]}                              | url",
            "{\"url\":\"http://127.0.0.1/x\"}                                                   | events",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[]}                                     | events",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[\"order.placed\",\"order.shipped\"]}  | events[1]",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":\"order.placed\"}                       | events",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[\"order.placed\"],\"secret\":\"s3cret\"} | secret",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[\"order.placed\"],\"secret\":\"whsec_AAAA\"} | secret",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[\"order.placed\"],\"enabled\":\"yes\"}  | enabled",
            "{\"url\":\"http://127.0.0.1/x\",\"events\":[\"order.placed\"],\"owner\":\"me\"}     | owner",
    })
    void aBadSubscriptionIsA400NamingTheFieldAndChangesNothing(String body, String field) {
        refusedWithoutChange(() -> Webhooks.create(body), 400, field);
    }

    @Test
    void badChangesListsAndRedeliveriesAreRefusedWithoutChange() {
        Webhooks.Subscription subscription = subscribe("http://127.0.0.1:9/hooks", "order.placed");
        String id = subscription.id();
        refusedWithoutChange(() -> Webhooks.change(id, "{\"url\":\"gopher://127.0.0.1/\"}"), 400, "url");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"events\":[\"everything\"]}"), 400, "events[0]");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"secret\":\"plain\"}"), 400, "secret");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"enabled\":1}"), 400, "enabled");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"version\":3}"), 400, "version");
        refusedWithoutChange(() -> Webhooks.change(id, "{}"), 400, "events");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"events\":null}"), 400, "events");
        refusedWithoutChange(() -> Webhooks.change(id, "{\"url\":\"http://unresolvable.invalid/x\"}"), 422, "url");
        refusedWithoutChange(() -> Webhooks.change("5f0000000000000000000000", "{\"enabled\":false}"), 404, null);
        refusedWithoutChange(() -> asAdmin().queryParam("limit", 0).get("/admin/webhooks"), 400, "limit");
        refusedWithoutChange(() -> asAdmin().queryParam("cursor", "%%%").get("/admin/webhooks"), 400, "cursor");
        refusedWithoutChange(() -> asAdmin().queryParam("cursor", "bm90LWEtY3Vyc29y").get("/admin/webhooks/" + id + "/deliveries"),
                400, "cursor");
        refusedWithoutChange(() -> asAdmin().queryParam("limit", 101).get("/admin/webhooks/" + id + "/deliveries"), 400, "limit");
        refusedWithoutChange(() -> asAdmin().post("/admin/webhooks/" + id + "/deliveries/evt_nothing/redeliver"), 404, null);
        refusedWithoutChange(() -> asAdmin().get("/admin/webhooks/not-an-id"), 404, null);
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"enabled\":false}").patch("/admin/webhooks/" + id),
                401, null);
        refusedWithoutChange(() -> Webhooks.create("{\"url\":\"http://unresolvable.invalid/x\",\"events\":[\"order.placed\"]}"), 422,
                "url");
    }

    private static void refusedWithoutChange(Supplier<Response> call, int status, String field) {
        List<Document> before = Invariant.snapshot();
        Response response = call.get();
        response.then().statusCode(status).contentType("application/problem+json").body("status", equalTo(status))
                .body(not(containsString("Exception")));
        if (field != null) {
            response.then().body("field", equalTo(field));
        }
        assertEquals(before, Invariant.snapshot(), "the database changed");
    }

    @Test
    void reservationsSellOutAndReturnsBringBackSignedEventsInSequence() throws Exception {
        Receiver receiver = receiver();
        Webhooks.Subscription subscription = subscribe(receiver.url("/stock"), "inventory.sold_out", "inventory.back_in_stock");
        String sku = Api.newSku("WH");
        Api.stock(sku, 1);
        String cart = Api.newCart();
        Api.add(cart, sku, 1).then().statusCode(200); // the last unit: sold out
        Api.remove(cart, sku).then().statusCode(200); // back in stock

        List<Receiver.Request> received = receiver.await(request -> request.body().contains("\"" + sku + "\""), 2, WITHIN);
        assertEquals(2, received.size(), "both transitions of " + sku + ": " + receiver.requests());
        List<JsonNode> bodies = received.stream().map(WebhooksTest::body).sorted(
                (a, b) -> Long.compare(a.get("sequence").asLong(), b.get("sequence").asLong())).toList();
        assertEquals("inventory.sold_out", bodies.get(0).get("type").asText());
        assertEquals("inventory.back_in_stock", bodies.get(1).get("type").asText());
        assertTrue(bodies.get(1).get("sequence").asLong() > bodies.get(0).get("sequence").asLong(), bodies.toString());
        for (JsonNode body : bodies) {
            assertEquals(sku, body.get("subject").asText());
            assertEquals(sku, body.get("data").get("sku").asText());
            assertNotNull(Instant.parse(body.get("timestamp").asText()));
        }
        for (Receiver.Request request : received) {
            assertTrue(Webhooks.signedBy(request, subscription.secret()), "signed: " + request.headers());
            JsonNode body = body(request);
            // the id is the change's: the same type, subject and sequence make the same event
            assertEquals(WebhookEvents.eventId(WebhookEventType.valueOf(body.get("type").asText().toUpperCase().replace('.', '_')),
                    sku, body.get("sequence").asLong()), request.header("webhook-id"));
            assertEquals("application/json", request.header("content-type"));
        }
        assertTrue(!Webhooks.signedBy(received.get(0), "whsec_" + "B".repeat(44)), "another secret does not verify it");

        Map<String, Object> logged = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && "succeeded".equals(delivery.get("state")), WITHIN);
        assertNotNull(logged, "the log shows the delivery succeeded: " + Webhooks.deliveries(subscription.id()));
        Map<String, Object> attempt = Webhooks.attempts(logged).get(0);
        assertEquals(204, attempt.get("status"));
        assertTrue(((Number) attempt.get("latency_ms")).longValue() >= 0);
        assertEquals(null, attempt.get("error"));
    }

    @Test
    void aFailingReceiverIsRetriedWithGrowingWaitsAndTheLogShowsEachAttempt() throws Exception {
        Receiver receiver = receiver().failFirst(2);
        Webhooks.Subscription subscription = subscribe(receiver.url("/flaky"), "inventory.sold_out");
        String sku = soldOutSku();

        Map<String, Object> delivered = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && "succeeded".equals(delivery.get("state")), WITHIN);
        assertNotNull(delivered, "delivered after two failures: " + Webhooks.deliveriesOf(subscription.id(), sku));
        List<Map<String, Object>> attempts = Webhooks.attempts(delivered);
        // each failure answered 500, or (on a loaded machine) went past the sender's timeout: no status, an error
        for (Map<String, Object> failure : attempts.subList(0, attempts.size() - 1)) {
            assertTrue(Integer.valueOf(500).equals(failure.get("status")) || failure.get("status") == null && failure.get("error") != null,
                    attempts.toString());
        }
        assertEquals(204, attempts.get(attempts.size() - 1).get("status"), attempts.toString());
        assertEquals(3, delivered.get("attempt_count"));
        // the test profile's backoff: 0.2 s after the first failure, 0.4 s after the second, each at least half that
        Instant first = Instant.parse((String) attempts.get(0).get("at"));
        Instant second = Instant.parse((String) attempts.get(1).get("at"));
        Instant third = Instant.parse((String) attempts.get(2).get("at"));
        assertTrue(Duration.between(first, second).toMillis() >= 100, attempts.toString());
        assertTrue(Duration.between(second, third).toMillis() >= 200, attempts.toString());
        assertEquals(1, receiver.requestsWith("\"" + sku + "\"").stream().map(r -> r.header("webhook-id")).distinct().count(),
                "every attempt under the same webhook-id");
    }

    @Test
    void aReceiverThatNeverAnswers2xxFailsTheDeliveryAfterTheRetryWindow() throws Exception {
        Receiver receiver = receiver().answer(503);
        Webhooks.Subscription subscription = subscribe(receiver.url("/down"), "inventory.sold_out");
        String sku = soldOutSku();

        Map<String, Object> failed = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && "failed".equals(delivery.get("state")), WITHIN);
        assertNotNull(failed, "failed after its retries: " + Webhooks.deliveriesOf(subscription.id(), sku));
        List<Map<String, Object>> attempts = Webhooks.attempts(failed);
        assertTrue(attempts.size() >= 3, attempts.toString());
        assertTrue(attempts.stream().allMatch(a -> Integer.valueOf(503).equals(a.get("status"))), attempts.toString());
        assertEquals(null, failed.get("next_attempt_at"));
        // the retry window (PT4S in tests) bounds when the last attempt falls due; it is sent at the sender's next poll,
        // which a loaded machine delays (4.06 s seen in a random-order run): a second of slack for that
        Instant first = Instant.parse((String) attempts.get(0).get("at"));
        Instant last = Instant.parse((String) attempts.get(attempts.size() - 1).get("at"));
        assertTrue(!last.isAfter(first.plus(Duration.ofSeconds(5))), attempts.toString());
        for (int i = 2; i < attempts.size(); i++) {
            long before = Duration.between(Instant.parse((String) attempts.get(i - 2).get("at")),
                    Instant.parse((String) attempts.get(i - 1).get("at"))).toMillis();
            long after = Duration.between(Instant.parse((String) attempts.get(i - 1).get("at")),
                    Instant.parse((String) attempts.get(i).get("at"))).toMillis();
            assertTrue(after >= Math.min(before / 2, 1000), "waits grow (with jitter): " + attempts);
        }
    }

    @Test
    void aRedeliverySendsTheEventAgainUnderTheSameWebhookId() throws Exception {
        Receiver receiver = receiver();
        Webhooks.Subscription subscription = subscribe(receiver.url("/again"), "inventory.sold_out");
        String sku = soldOutSku();
        Map<String, Object> delivered = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && "succeeded".equals(delivery.get("state")), WITHIN);
        assertNotNull(delivered);
        String webhookId = (String) delivered.get("id");

        asAdmin().post("/admin/webhooks/" + subscription.id() + "/deliveries/" + webhookId + "/redeliver")
                .then().statusCode(202).body("id", equalTo(webhookId)).body("state", equalTo("pending"));
        List<Receiver.Request> received = receiver.await(request -> request.body().contains("\"" + sku + "\""), 2, WITHIN);
        assertEquals(2, received.size());
        assertEquals(List.of(webhookId, webhookId), received.stream().map(r -> r.header("webhook-id")).toList());
        assertTrue(received.stream().allMatch(r -> Webhooks.signedBy(r, subscription.secret())));
        assertEquals(received.get(0).body(), received.get(1).body(), "the same body");
        Map<String, Object> again = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && Webhooks.attempts(delivery).size() == 2
                        && "succeeded".equals(delivery.get("state")), WITHIN);
        assertNotNull(again, "the log shows both attempts: " + Webhooks.deliveriesOf(subscription.id(), sku));
    }

    @Test
    void aDisabledSubscriptionGetsNothingAndDisablingStopsItsRetries() throws Exception {
        Receiver on = receiver();
        Receiver off = receiver();
        Receiver failing = receiver().answer(500);
        Webhooks.Subscription enabled = subscribe(on.url("/on"), "inventory.sold_out");
        Webhooks.Subscription disabled = subscribe(off.url("/off"), "inventory.sold_out");
        Webhooks.change(disabled.id(), "{\"enabled\":false}").then().statusCode(200);
        Webhooks.Subscription retrying = subscribe(failing.url("/failing"), "inventory.sold_out");

        String sku = soldOutSku();
        // one fan-out writes every subscription's delivery: once the enabled one has it, the disabled one got none
        assertEquals(1, on.await(request -> request.body().contains("\"" + sku + "\""), 1, WITHIN).size());
        failing.await(request -> request.body().contains("\"" + sku + "\""), 1, WITHIN);
        Webhooks.change(retrying.id(), "{\"enabled\":false}").then().statusCode(200);

        Map<String, Object> stopped = Webhooks.awaitDelivery(retrying.id(),
                delivery -> sku.equals(delivery.get("subject")) && "failed".equals(delivery.get("state")), WITHIN);
        assertNotNull(stopped, "its pending delivery fails once disabled: " + Webhooks.deliveriesOf(retrying.id(), sku));
        List<Map<String, Object>> attempts = Webhooks.attempts(stopped);
        assertTrue(((String) attempts.get(attempts.size() - 1).get("error")).contains("disabled"), attempts.toString());
        assertEquals(List.of(), off.requests());
        assertEquals(List.of(), Webhooks.deliveries(disabled.id()));
        int sent = failing.requestsWith("\"" + sku + "\"").size();
        assertEquals(sent, (int) attempts.stream().filter(a -> a.get("status") != null).count(), "no request after the stop");
    }

    @Test
    void aRedirectIsNeverFollowed() throws Exception {
        Receiver target = receiver();
        Receiver redirecting = receiver().redirectTo(target.url("/elsewhere"));
        Webhooks.Subscription subscription = subscribe(redirecting.url("/moved"), "inventory.sold_out");
        String sku = soldOutSku();

        assertEquals(1, redirecting.await(request -> request.body().contains("\"" + sku + "\""), 1, WITHIN).size());
        Map<String, Object> attempted = Webhooks.awaitDelivery(subscription.id(),
                delivery -> sku.equals(delivery.get("subject")) && !Webhooks.attempts(delivery).isEmpty(), WITHIN);
        assertNotNull(attempted);
        assertEquals(302, Webhooks.attempts(attempted).get(0).get("status"), "a redirect is a failed attempt");
        assertEquals(List.of(), target.requests(), "the redirect's target never hears of it");
    }
}

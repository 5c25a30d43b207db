package com.example.shop.cart;

import static com.example.shop.cart.support.Api.asAdmin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Catalog;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Receiver;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code product.changed}: the {@code follow-product-changes} job reads the catalog's product changes
 * (here the stub's feed, served as the catalog serves it) while a subscription wants them, and each
 * product of each revision reaches the receiver signed, subject the sku and sequence the revision.
 * A position read again appends nothing twice; another catalog database is followed from its
 * current revision; trimmed changes are counted as missed; a catalog that is down is read again from
 * the same position; with no subscription left the run ends and its position goes.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class ProductChangedWebhooksTest {

    private static final Duration WITHIN = Duration.ofSeconds(20);
    private static final ObjectMapper JSON = new ObjectMapper();
    private Receiver receiver;
    private Webhooks.Subscription subscription;

    private static MongoCollection<Document> positions() {
        return TestDatabase.database("cart").getCollection("webhook_positions");
    }

    @BeforeEach
    void subscribe() throws InterruptedException {
        receiver = new Receiver();
        subscription = Webhooks.subscribe(receiver.url("/products"), "product.changed");
        awaitFollowing();
    }

    @AfterEach
    void unsubscribe() throws InterruptedException {
        Catalog.mode("up");
        Webhooks.delete(subscription.id());
        receiver.close();
        // the run ends and drops its position, so that the next test's follower starts after its own subscription
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (positions().countDocuments() > 0) {
            assertTrue(System.nanoTime() < deadline, "the follower kept its position with no subscription");
            Thread.sleep(20);
        }
    }

    /** Until the follower has a position: changes recorded after this are ones it reads. */
    private static void awaitFollowing() throws InterruptedException {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (positions().countDocuments() == 0) {
            assertTrue(System.nanoTime() < deadline, "the follower never started");
            Thread.sleep(20);
        }
    }

    /** The newest run's missed revisions: none recorded before its first heartbeat. */
    private static long missed(JsonPath runs) {
        Number missed = runs.get("items[0].counts.missed");
        return missed == null ? 0 : missed.longValue();
    }

    private static String product() {
        return "PC-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static JsonNode body(Receiver.Request request) {
        try {
            return JSON.readTree(request.body());
        } catch (Exception e) {
            throw new AssertionError(request.body(), e);
        }
    }

    private List<Receiver.Request> awaitEvents(String product, int count) throws InterruptedException {
        return receiver.await(request -> product.equals(body(request).path("subject").asText()), count, WITHIN);
    }

    @Test
    void eachProductOfEachRevisionArrivesSignedWithTheRevisionAsItsSequence() throws Exception {
        String a = product();
        String b = product();
        long first = Catalog.productChanged(a);
        long second = Catalog.productChanged(a, b);

        List<Receiver.Request> ofA = awaitEvents(a, 2);
        assertEquals(2, ofA.size(), "one event of a per revision");
        List<Receiver.Request> ofB = awaitEvents(b, 1);
        assertEquals(1, ofB.size());
        for (Receiver.Request request : List.of(ofA.get(0), ofA.get(1), ofB.get(0))) {
            assertTrue(Webhooks.signedBy(request, subscription.secret()), "signed as Standard Webhooks says");
            JsonNode event = body(request);
            assertEquals("product.changed", event.path("type").asText());
            assertEquals(event.path("subject").asText(), event.path("data").path("sku").asText());
        }
        assertEquals(List.of(first, second), ofA.stream().map(request -> body(request).path("sequence").asLong()).sorted().toList());
        assertEquals(second, body(ofB.get(0)).path("sequence").asLong());
    }

    @Test
    void changesReadAgainAreNotSentTwice() throws Exception {
        String product = product();
        long revision = Catalog.productChanged(product);
        awaitEvents(product, 1);
        // as a follower killed after appending and before saving its position: it reads the same revision again
        positions().updateOne(Filters.exists("_id"), Updates.set("reached", revision - 1));
        String later = product();
        Catalog.productChanged(later);
        awaitEvents(later, 1);
        assertEquals(1, receiver.await(request -> product.equals(body(request).path("subject").asText()), 2, Duration.ofSeconds(1)).size(),
                "the event read twice has one id and is delivered once");
    }

    @Test
    void anotherCatalogDatabaseIsFollowedFromItsCurrentRevision() throws Exception {
        String before = product();
        Catalog.productChanged(before);
        awaitEvents(before, 1);
        Catalog.newCatalogDatabase();
        String skipped = product();
        Catalog.productChanged(skipped); // revision 1 of the new database, recorded before the follower sees the epoch
        long deadline = System.nanoTime() + WITHIN.toNanos();
        String epoch = positions().find().first().getString("epoch");
        while (epoch.equals(positions().find().first().getString("epoch"))) {
            assertTrue(System.nanoTime() < deadline, "the follower never noticed the new database");
            Thread.sleep(20);
        }
        String after = product();
        long revision = Catalog.productChanged(after);
        assertEquals(revision, body(awaitEvents(after, 1).get(0)).path("sequence").asLong());
        assertEquals(0, receiver.requestsWith(skipped).size(), "the new database is followed from where it stood");
    }

    @Test
    void trimmedChangesAreCountedAsMissedAndACatalogThatIsDownIsReadAgainFromTheSamePosition() throws Exception {
        Catalog.mode("down");
        String duringOutage = product();
        Catalog.productChanged(duringOutage);
        Thread.sleep(600); // a few rounds fail
        Catalog.mode("up");
        awaitEvents(duringOutage, 1);

        Catalog.mode("down");
        String lost = product();
        Catalog.productChanged(lost);
        long trimmed = Catalog.trimProductChanges();
        Catalog.mode("up");
        String next = product();
        Catalog.productChanged(next);
        awaitEvents(next, 1);
        assertEquals(0, receiver.requestsWith(lost).size());
        long deadline = System.nanoTime() + WITHIN.toNanos();
        JsonPath run;
        do { // the run's counts are recorded at its heartbeats
            assertTrue(System.nanoTime() < deadline, "no revision counted as missed");
            Thread.sleep(50);
            run = asAdmin().queryParam("job", "follow-product-changes").queryParam("limit", 1).get("/admin/jobs/runs")
                    .then().statusCode(200).extract().jsonPath();
        } while (missed(run) < 1);
        assertEquals("running", run.getString("items[0].state"));
        assertTrue(positions().find().first().getLong("reached") > trimmed);
    }

    @Test
    void withNoSubscriptionLeftTheRunEndsAndItsPositionGoes() throws Exception {
        String product = product();
        Catalog.productChanged(product);
        awaitEvents(product, 1);
        Webhooks.change(subscription.id(), "{\"enabled\":false}").then().statusCode(200);
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (positions().countDocuments() > 0) {
            assertTrue(System.nanoTime() < deadline, "the position stayed");
            Thread.sleep(20);
        }
        String state;
        do {
            assertTrue(System.nanoTime() < deadline, "the run went on");
            Thread.sleep(20);
            state = asAdmin().queryParam("job", "follow-product-changes").queryParam("limit", 1).get("/admin/jobs/runs")
                    .then().statusCode(200).extract().jsonPath().getString("items[0].state");
        } while ("running".equals(state));
        assertEquals("succeeded", state);
        String unsent = product();
        Catalog.productChanged(unsent);
        Thread.sleep(500);
        assertEquals(0, receiver.requestsWith(unsent).size(), "a disabled subscription hears of nothing");
    }
}

package com.example.shop.web.leases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.embeddedmongo.EmbeddedMongo;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Leases on the embedded MongoDB-wire server; every call is given its time, so "expired" is exact. */
class LeaseStoreTest {

    private static final Duration TERM = Duration.ofSeconds(30);
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant EXPIRED = T0.plus(TERM).plusSeconds(1);

    private static EmbeddedMongo server;
    private static MongoClient client;
    private MongoCollection<Document> leases;
    private MongoCollection<Document> journal;

    @BeforeAll
    static void startServer() {
        server = EmbeddedMongo.inMemory();
        client = MongoClients.create(server.connectionString());
    }

    @AfterAll
    static void stopServer() {
        client.close();
        server.close();
    }

    @BeforeEach
    void emptyCollections() {
        leases = client.getDatabase("leases").getCollection("leases");
        leases.drop();
        journal = client.getDatabase("leases").getCollection("journal");
        journal.drop();
    }

    @Test
    void aNamedLeaseIsHeldByOneHolderUntilReleased() {
        LeaseStore store = LeaseStore.named(leases);

        assertEquals(Optional.empty(), store.take("tree", "a", TERM, T0).orElseThrow().previousHolder());
        assertTrue(store.take("tree", "b", TERM, T0.plusSeconds(1)).isEmpty(), "held by a");
        assertEquals(Optional.of("a"), store.holder("tree", T0.plusSeconds(1)));
        assertTrue(store.renew("tree", "a", TERM, T0.plusSeconds(20)));
        assertTrue(store.take("tree", "b", TERM, EXPIRED).isEmpty(), "renewed: not expired yet");

        store.release("tree", "b");
        assertEquals(Optional.of("a"), store.holder("tree", T0.plusSeconds(21)), "only its holder releases a lease");
        store.release("tree", "a");
        assertNull(leases.find(new Document("_id", "tree")).first(), "a released named lease is gone");
        assertEquals(Optional.empty(), store.take("tree", "b", TERM, T0.plusSeconds(22)).orElseThrow().previousHolder(),
                "taken after a release: nobody to take over from");
    }

    @Test
    void anExpiredLeaseIsTakenOverAndNamesTheHolderThatDidNotRelease() {
        LeaseStore store = LeaseStore.named(leases);
        store.take("expire-carts", "run-1", TERM, T0);

        assertEquals(Optional.empty(), store.holder("expire-carts", EXPIRED));
        assertEquals(Optional.of("run-1"), store.take("expire-carts", "run-2", TERM, EXPIRED).orElseThrow().previousHolder());
        assertFalse(store.renew("expire-carts", "run-1", TERM, EXPIRED), "the old holder lost it");
        assertTrue(store.renew("expire-carts", "run-2", TERM, EXPIRED));
    }

    @Test
    void aLeaseGivenUpAsExpiredIsTakenAtOnceAndNamesItsHolder() {
        LeaseStore store = LeaseStore.named(leases);
        store.take("tree", "a", TERM, T0);

        assertFalse(store.expire("tree", "b", T0.plusSeconds(1)));
        assertTrue(store.expire("tree", "a", T0.plusSeconds(1)));
        assertEquals(Optional.of("a"), store.take("tree", "b", TERM, T0.plusSeconds(2)).orElseThrow().previousHolder());
    }

    @Test
    void aLeaseOnADocumentNeedsTheDocumentAndLeavesItsFieldsWhenReleased() {
        LeaseStore store = LeaseStore.onDocuments(journal);
        assertTrue(store.take("op-1", "cleanup", TERM, T0).isEmpty(), "no such move: nothing to lease");

        journal.insertOne(new Document("_id", "op-1").append("sku", "moanin"));
        assertEquals(Optional.empty(), store.take("op-1", "cleanup", TERM, T0).orElseThrow().previousHolder());
        assertTrue(store.take("op-1", "sale", TERM, T0.plusSeconds(1)).isEmpty());

        store.release("op-1", "cleanup");
        Document released = journal.find(new Document("_id", "op-1")).first();
        assertEquals("moanin", released.getString("sku"));
        assertFalse(released.containsKey(LeaseStore.HOLDER));
        assertFalse(released.containsKey(LeaseStore.EXPIRES_AT));
        assertTrue(store.take("op-1", "sale", TERM, T0.plusSeconds(2)).isPresent());
        assertEquals(Optional.of("sale"), store.take("op-1", "cleanup", TERM, T0.plusSeconds(3).plus(TERM)).orElseThrow().previousHolder());
    }

    @Test
    void ofManyTakersAtOnceOneGetsTheLease() throws Exception {
        int takers = 16;
        ExecutorService pool = Executors.newFixedThreadPool(takers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> taken = new ArrayList<>();
        try (MongoClient second = MongoClients.create(server.connectionString())) {
            for (int i = 0; i < takers; i++) {
                String holder = "h" + i;
                MongoCollection<Document> collection = (i % 2 == 0 ? client : second).getDatabase("leases").getCollection("leases");
                taken.add(pool.submit(() -> {
                    start.await();
                    return LeaseStore.named(collection).take("job", holder, TERM, T0).isPresent();
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<Boolean> one : taken) {
                winners += one.get() ? 1 : 0;
            }
            assertEquals(1, winners);
        } finally {
            pool.shutdownNow();
        }
    }
}

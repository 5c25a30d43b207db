package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.carts.CartClaims;
import com.example.shop.cart.carts.CartsStore;
import com.example.shop.cart.carts.ExpireCarts;
import com.example.shop.cart.carts.ExpiryReport;
import com.example.shop.cart.inventory.CleanupInventory;
import com.example.shop.cart.orders.OrderReturns;
import com.example.shop.cart.orders.OrdersStore;
import com.example.shop.cart.inventory.CleanupReport;
import com.example.shop.cart.inventory.InventoryMigration;
import com.example.shop.cart.inventory.AvailabilityOutbox;
import com.example.shop.cart.inventory.AvailabilityStore;
import com.example.shop.cart.inventory.InventoryStore;
import com.example.shop.web.migrations.MigrationStore;
import com.example.shop.cart.inventory.MoveStore;
import com.example.shop.cart.inventory.ReservationStore;
import com.example.shop.cart.inventory.MoveJournal;
import com.example.shop.cart.inventory.UnitMoves;
import com.example.shop.cart.webhooks.WebhookEvents;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.web.seams.NoSeams;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.web.concurrency.Attempts;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** The invariant under concurrent requests and concurrent job runners. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class ConcurrencyTest {

    @Inject
    ExpireCarts expireCarts;
    @Inject
    CleanupInventory cleanupInventory;
    @Inject
    CartMetrics metrics;
    @Inject
    CartConfig config;
    @Inject
    Attempts attempts;
    @Inject
    WebhookEvents webhookEvents;
    @Inject
    ArmedSeams seams;

    @Test
    void twoHundredConcurrentSingleUnitAddsAgainstFiftyInStock() throws Exception {
        String sku = newSku("HOT");
        stock(sku, 50);
        List<String> carts = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            carts.add(newCart());
        }
        ExecutorService pool = Executors.newFixedThreadPool(32);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String cart = carts.get(i % carts.size()); // ten concurrent adds of the same sku to each cart
            answers.add(pool.submit(() -> {
                start.await();
                return add(cart, sku, 1).statusCode();
            }));
        }
        start.countDown();
        int ok = 0;
        int refused = 0;
        for (Future<Integer> answer : answers) {
            int status = answer.get(120, TimeUnit.SECONDS);
            if (status == 200) {
                ok++;
            } else if (status == 409) {
                refused++;
            } else {
                throw new AssertionError("unexpected status " + status);
            }
        }
        pool.shutdown();
        assertEquals(50, ok);
        assertEquals(150, refused);
        assertEquals(0, available(sku));
        assertEquals(50, reserved(sku));
        long inLines = 0;
        for (String cart : carts) {
            List<Map<String, Object>> items = given().get("/carts/" + cart).then().statusCode(200).extract().path("items");
            assertTrue(items.size() <= 1, "one line per sku");
            for (Map<String, Object> item : items) {
                inLines += ((Number) item.get("qty")).longValue();
            }
        }
        assertEquals(50, inLines);
        assertEquals(50, Invariant.stocked(sku));
        Invariant.assertStrict();
    }

    @Test
    void longRandomMixKeepsTheInvariant() throws Exception {
        int skuCount = 5;
        int threads = 8;
        int opsPerThread = Integer.getInteger("mix.opsPerThread", 100);
        List<String> skus = new ArrayList<>();
        AtomicLongArray put = new AtomicLongArray(skuCount);
        for (int i = 0; i < skuCount; i++) {
            skus.add(newSku("MIX"));
            stock(skus.get(i), 40);
            put.set(i, 40);
        }
        int slots = 12;
        AtomicReferenceArray<String> carts = new AtomicReferenceArray<>(slots);
        for (int i = 0; i < slots; i++) {
            carts.set(i, newCart());
        }
        Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
        List<String> unexpected = new CopyOnWriteArrayList<>();
        AtomicInteger keys = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long seed = 4242L + t;
            done.add(pool.submit(() -> {
                Random random = new Random(seed);
                start.await();
                for (int op = 0; op < opsPerThread; op++) {
                    int slot = random.nextInt(slots);
                    String cart = carts.get(slot);
                    int s = random.nextInt(skuCount);
                    String sku = skus.get(s);
                    int dice = random.nextInt(100);
                    String kind;
                    Response response;
                    Set<Integer> allowed;
                    if (dice < 35) {
                        kind = "add";
                        response = add(cart, sku, 1 + random.nextInt(3));
                        allowed = Set.of(200, 409);
                    } else if (dice < 50) {
                        kind = "change";
                        response = Api.change(cart, sku, random.nextInt(5));
                        allowed = Set.of(200, 404, 409);
                    } else if (dice < 58) {
                        kind = "remove";
                        response = Api.remove(cart, sku);
                        allowed = Set.of(200, 404, 409);
                    } else if (dice < 68) {
                        kind = "checkout";
                        String steer = dice < 63 ? "approve" : dice < 67 ? "decline" : "stall";
                        response = Api.checkout(cart, "mix-" + keys.incrementAndGet(), steer);
                        allowed = Set.of(200, 202, 402, 409);
                    } else if (dice < 74) {
                        kind = "restock";
                        int qty = 1 + random.nextInt(5);
                        response = Api.asAdmin().contentType(ContentType.JSON).body("{\"qty\":" + qty + "}")
                                .post("/inventory/" + sku + "/restock");
                        if (response.statusCode() == 200) {
                            put.addAndGet(s, qty);
                        }
                        allowed = Set.of(200);
                    } else if (dice < 82) {
                        kind = "expire";
                        response = Api.job("expire-carts", "PT1S");
                        allowed = Set.of(200);
                    } else if (dice < 90) {
                        kind = "cleanup";
                        response = Api.job("cleanup-inventory", "PT2S");
                        allowed = Set.of(200);
                    } else if (dice < 94) {
                        kind = "resolve";
                        response = Api.job("resolve-checkouts", "PT1S");
                        allowed = Set.of(200);
                    } else {
                        kind = "read";
                        response = given().get("/carts/" + cart);
                        allowed = Set.of(200);
                    }
                    int status = response.statusCode();
                    seen.computeIfAbsent(kind + " " + status, k -> new AtomicInteger()).incrementAndGet();
                    if (!allowed.contains(status)) {
                        unexpected.add(kind + " -> " + status + " " + response.asString());
                    }
                    if (status == 409 && response.asString().contains("cart-inactive") || status == 200 && kind.equals("checkout")) {
                        carts.compareAndSet(slot, cart, newCart()); // this cart is done: shop with a new one
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(240, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertTrue(unexpected.isEmpty(), "unexpected answers: " + unexpected);
        System.out.println("random mix outcomes: " + new java.util.TreeMap<>(seen));

        // quiet moment: settle stalled checkouts and return what no cart holds
        Api.letWritesAge();
        Api.job("resolve-checkouts", "PT0S").then().statusCode(200);
        Api.job("cleanup-inventory", "PT0S").then().statusCode(200);
        for (int i = 0; i < skuCount; i++) {
            assertEquals(put.get(i), Invariant.stocked(skus.get(i)), "stock put in vs recorded for " + skus.get(i));
        }
        Invariant.assertStrict();
        assertTrue(seen.keySet().stream().anyMatch(k -> k.equals("add 200")));
        assertTrue(seen.keySet().stream().anyMatch(k -> k.equals("checkout 200")));
    }

    @Test
    void twoReplicasRunExpiryAndCleanupAtTheSameMoment() throws Exception {
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            skus.add(newSku("REPL"));
            stock(skus.get(i), 200);
        }
        Random random = new Random(7);
        for (int c = 0; c < 30; c++) {
            String cart = newCart();
            for (int l = 0; l < 2; l++) {
                add(cart, skus.get(random.nextInt(skus.size())), 1 + random.nextInt(4)).then().statusCode(200);
            }
        }
        for (int c = 0; c < 40; c++) { // crashed adds: reserved, never claimed; many, so that the cleanups meet on the same moves
            String cart = newCart();
            seams.arm(CartSeam.AFTER_RESERVE);
            add(cart, skus.get(c % skus.size()), 2).then().statusCode(500);
        }
        for (String sku : skus) { // reservations of carts that no longer exist, left by processes that died
            Invariant.strayReservation(sku, "vanished-" + sku, 3, new java.util.Date(System.currentTimeMillis() - 60_000));
        }
        Api.letWritesAge();
        Invariant.assertConservation();
        long reservedBefore = totalReserved();
        long availableBefore = totalAvailable();
        long pendingHeld = pendingReserved();
        // carts with lines: an empty one holds nothing and is left to the empty-cart retention, not expired
        Document holdingLines = new Document("status", "active").append("items.0", new Document("$exists", true));
        long activeBefore = TestDatabase.database("cart").getCollection("cart").countDocuments(holdingLines);

        try (MongoClient otherClient = MongoClients.create(MongoTestResource.connectionString())) {
            // the same use cases on stores of another client: a second replica of the jobs
            CartsStore otherCarts = new CartsStore(otherClient.getDatabase("cart"));
            InventoryStore otherInventory = new InventoryStore(otherClient.getDatabase("cart"));
            ReservationStore otherHolders = new ReservationStore(otherClient.getDatabase("cart"));
            MoveJournal otherJournal = new MoveJournal(new MoveStore(otherClient.getDatabase("cart")), otherInventory, otherHolders);
            UnitMoves otherSteps = new UnitMoves(otherInventory, otherHolders,
                    new AvailabilityOutbox(otherInventory, new AvailabilityStore(otherClient.getDatabase("cart")), webhookEvents));
            InventoryMigration otherMigration = new InventoryMigration(otherInventory, otherHolders,
                    new MigrationStore(otherClient.getDatabase("cart")), otherJournal);
            otherMigration.migrate();
            Reservations otherReservations = new Reservations(otherHolders, otherJournal, otherSteps, metrics, new NoSeams(),
                    otherMigration);
            ExpireCarts otherExpiry = new ExpireCarts(otherCarts, otherReservations, metrics, config);
            CleanupInventory otherCleanup = new CleanupInventory(otherJournal, otherSteps, new CartClaims(otherCarts),
                    new OrderReturns(new OrdersStore(otherClient.getDatabase("cart"))), metrics, (point, context) -> { });

            List<ExpiryReport> expiries = Collections.synchronizedList(new ArrayList<>());
            List<CleanupReport> cleanups = Collections.synchronizedList(new ArrayList<>());
            AtomicLong httpReturned = new AtomicLong();
            AtomicLong httpExpired = new AtomicLong();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(6);
            List<Future<?>> runners = new ArrayList<>();
            runners.add(pool.submit(() -> repeat(start, () -> expiries.add(expireCarts.run(Duration.ZERO)))));
            runners.add(pool.submit(() -> repeat(start, () -> expiries.add(otherExpiry.run(Duration.ZERO)))));
            runners.add(pool.submit(() -> repeat(start, () -> cleanups.add(cleanupInventory.run(Duration.ZERO)))));
            runners.add(pool.submit(() -> repeat(start, () -> cleanups.add(otherCleanup.run(Duration.ZERO)))));
            runners.add(pool.submit(() -> repeat(start, () -> {
                Response r = Api.job("expire-carts", "PT0S");
                httpReturned.addAndGet(r.jsonPath().getLong("counts.returned_units"));
                httpExpired.addAndGet(r.jsonPath().getLong("counts.expired"));
            })));
            runners.add(pool.submit(() -> repeat(start, () ->
                    httpReturned.addAndGet(Api.job("cleanup-inventory", "PT0S").jsonPath().getLong("counts.returned_units")))));
            start.countDown();
            for (Future<?> runner : runners) {
                runner.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();

            long reportedReturned = httpReturned.get()
                    + expiries.stream().mapToLong(ExpiryReport::returnedUnits).sum()
                    + cleanups.stream().mapToLong(CleanupReport::returnedUnits).sum();
            long reportedExpired = httpExpired.get() + expiries.stream().mapToLong(ExpiryReport::expired).sum();
            // everything but pending checkouts' reservations came back, exactly once
            assertEquals(pendingHeld, totalReserved());
            assertEquals(reservedBefore - pendingHeld, reportedReturned, "units reported returned by all runners");
            assertEquals(availableBefore + reservedBefore - pendingHeld, totalAvailable());
            assertEquals(activeBefore, reportedExpired, "each cart expired by exactly one runner");
            assertEquals(0, TestDatabase.database("cart").getCollection("cart").countDocuments(holdingLines));
            assertEquals(0, TestDatabase.database("cart").getCollection("cart").countDocuments(new Document("status", "expiring")));
        }
        for (String sku : skus) {
            assertEquals(200, Invariant.stocked(sku));
            assertEquals(200, available(sku));
        }
        Invariant.assertStrict();
    }

    private static Void repeat(CountDownLatch start, Runnable run) throws InterruptedException {
        start.await();
        for (int i = 0; i < 3; i++) {
            run.run();
        }
        return null;
    }

    private static long totalReserved() {
        long total = 0;
        for (Document inv : TestDatabase.database("cart").getCollection("inventory").find()) {
            total += Invariant.num(inv, "reserved");
        }
        return total;
    }

    private static long totalAvailable() {
        long total = 0;
        for (Document inv : TestDatabase.database("cart").getCollection("inventory").find()) {
            total += Invariant.num(inv, "qty");
        }
        return total;
    }

    private static long pendingReserved() {
        long total = 0;
        for (Document cart : TestDatabase.database("cart").getCollection("cart").find(new Document("status", "pending"))) {
            for (Document item : cart.getList("items", Document.class, List.of())) {
                total += Invariant.num(item, "qty");
            }
        }
        return total;
    }
}

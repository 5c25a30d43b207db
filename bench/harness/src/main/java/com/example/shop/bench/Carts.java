package com.example.shop.bench;

import com.example.shop.stockinvariant.ExpectedStock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One shopper's session against the cart API, every call recorded in {@link Stats}: create a cart,
 * add hot skus (409 when the stock is short is an expected answer), change a line, remove a line,
 * then check out, empty the cart or walk away. Restocks are admin calls whose outcome is recorded
 * in {@link ExpectedStock}.
 */
final class Carts {

    final Api api;
    final Stats stats;
    final List<String> skus;
    final ExpectedStock expected;
    /** Path prefix of the cart API: "/api" through the gateway, "" straight to a cart service. */
    String prefix = "/api";
    /** Probabilities of the session's ending. */
    double checkout = 0.25;
    double decline = 0.05;
    double stall = 0.0;
    double empty = 0.55;
    /** Probability of idling {@code lingerMillis} mid-session and then adding again (races the expiry job). */
    double linger = 0.0;
    long lingerMillis = 4000;
    /** Carts whose checkout was acknowledged as approved (200 with payment approved). */
    final java.util.Set<String> approved = java.util.concurrent.ConcurrentHashMap.newKeySet();

    Carts(Api api, Stats stats, List<String> skus, ExpectedStock expected) {
        this.api = api;
        this.stats = stats;
        this.skus = skus;
        this.expected = expected;
    }

    /**
     * One shopper's visit; returns the number of requests made. Each visit is a shopper of its own
     * with an address of its own ({@code X-Forwarded-For}): a load thread plays one shopper after
     * another, much faster than a person, and as a single client it would soon meet the gateway's
     * per-client limits (10 carts a minute) and measure the limiter instead of the platform.
     */
    int session() {
        Api api = this.api.asClient(ClientAddresses.next());
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        int requests = 1;
        Api.Response created = api.post(prefix + "/carts", null);
        stats.record("create cart", created, false);
        if (!created.ok()) {
            pause(); // the service is down or refusing: do not spin
            return requests;
        }
        String id = created.json().path("id").asText();
        List<String> lines = new ArrayList<>();
        int adds = 1 + rnd.nextInt(3);
        for (int i = 0; i < adds; i++) {
            String sku = skus.get(rnd.nextInt(skus.size()));
            Api.Response r = api.post(prefix + "/carts/" + id + "/items", "{\"sku\":\"" + sku + "\",\"qty\":" + (1 + rnd.nextInt(2)) + "}");
            requests++;
            stats.record("add item", r, r.status() == 409);
            if (r.ok() && !lines.contains(sku)) {
                lines.add(sku);
            }
        }
        if (!lines.isEmpty()) {
            String sku = lines.get(rnd.nextInt(lines.size()));
            Api.Response r = api.send("PUT", prefix + "/carts/" + id + "/items/" + sku, "{\"qty\":" + (1 + rnd.nextInt(3)) + "}");
            requests++;
            stats.record("change qty", r, r.status() == 409);
        }
        if (lines.size() > 1 && rnd.nextBoolean()) {
            String sku = lines.remove(rnd.nextInt(lines.size()));
            Api.Response r = api.send("DELETE", prefix + "/carts/" + id + "/items/" + sku, null);
            requests++;
            stats.record("remove item", r, false);
        }
        if (!lines.isEmpty() && rnd.nextDouble() < linger) {
            try {
                Thread.sleep(lingerMillis / 2 + rnd.nextLong(lingerMillis));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String sku = skus.get(rnd.nextInt(skus.size()));
            Api.Response r = api.post(prefix + "/carts/" + id + "/items", "{\"sku\":\"" + sku + "\",\"qty\":1}");
            requests++;
            // the cart may have expired meanwhile: any 4xx is a legitimate answer
            stats.record("add after idling", r, r.status() >= 400 && r.status() < 500);
            if (r.ok() && !lines.contains(sku)) {
                lines.add(sku);
            }
        }
        double end = rnd.nextDouble();
        if (!lines.isEmpty() && end < checkout + decline + stall) {
            String simulate = end < checkout ? "approve" : end < checkout + decline ? "decline" : "stall";
            Api.Response r = api.send("POST", prefix + "/carts/" + id + "/checkout",
                    ("{\"payment\":{\"method\":\"card\",\"simulate\":\"" + simulate + "\"}}").getBytes(),
                    false, java.util.Map.of("Idempotency-Key", UUID.randomUUID().toString()));
            requests++;
            boolean rejected = r.status() == 402 || (linger > 0 && r.status() >= 400 && r.status() < 500);
            stats.record("checkout " + simulate, r, rejected);
            if (r.status() == 200 && "approved".equals(r.json().path("payment").asText())) {
                approved.add(id);
            }
        } else if (end < checkout + decline + stall + empty) {
            for (String sku : lines) {
                Api.Response r = api.send("DELETE", prefix + "/carts/" + id + "/items/" + sku, null);
                requests++;
                stats.record("remove item", r, linger > 0 && r.status() >= 400 && r.status() < 500);
            }
        }
        return requests;
    }

    private static void pause() {
        try {
            Thread.sleep(100 + ThreadLocalRandom.current().nextInt(100));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One admin restock of a random sku by {@code units}, tracked for the invariant. */
    int restock(int units) {
        String sku = skus.get(ThreadLocalRandom.current().nextInt(skus.size()));
        Api.Response r = api.admin("POST", "/api/inventory/" + sku + "/restock", "{\"qty\":" + units + "}");
        stats.record("restock", r, false);
        if (r.ok()) {
            expected.acknowledged(sku, units);
        } else if (r.status() < 0 || r.status() >= 500) {
            expected.unknown(sku, units); // it may or may not have been applied
        }
        return 1;
    }

    /** Starts a thread that restocks 10 units of a random sku every 250 ms for {@code duration}, as the scenarios' shops do. */
    Thread restocking(Duration duration) {
        Thread restocker = new Thread(() -> {
            long end = System.nanoTime() + duration.toNanos();
            while (System.nanoTime() < end) {
                restock(10);
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "restocker");
        restocker.start();
        return restocker;
    }
}

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
        Api.Response created = api.post(prefix + "/carts", null);
        stats.record("create cart", created, false);
        if (!created.ok()) {
            pause(); // the service is down or refusing: do not spin
            return 1;
        }
        Visit visit = new Visit(api, created.json().path("id").asText(), new ArrayList<>(), rnd);
        return 1 + addHotSkus(visit) + changeOneLine(visit) + maybeRemoveOneLine(visit) + maybeLingerAndAddAgain(visit) + leave(visit);
    }

    /** One shopper's cart, as the steps of a visit see it: its client, its id and the skus it holds. */
    private record Visit(Api api, String id, List<String> lines, ThreadLocalRandom rnd) {

        String items() {
            return "/carts/" + id + "/items";
        }
    }

    /** Adds 1 to 3 hot skus; returns the number of requests made. */
    private int addHotSkus(Visit v) {
        int adds = 1 + v.rnd().nextInt(3);
        for (int i = 0; i < adds; i++) {
            String sku = skus.get(v.rnd().nextInt(skus.size()));
            Api.Response r = v.api().post(prefix + v.items(), "{\"sku\":\"" + sku + "\",\"qty\":" + (1 + v.rnd().nextInt(2)) + "}");
            stats.record("add item", r, r.status() == 409);
            if (r.ok() && !v.lines().contains(sku)) {
                v.lines().add(sku);
            }
        }
        return adds;
    }

    private int changeOneLine(Visit v) {
        if (v.lines().isEmpty()) {
            return 0;
        }
        String sku = v.lines().get(v.rnd().nextInt(v.lines().size()));
        Api.Response r = v.api().send("PUT", prefix + v.items() + "/" + sku, "{\"qty\":" + (1 + v.rnd().nextInt(3)) + "}");
        stats.record("change qty", r, r.status() == 409);
        return 1;
    }

    private int maybeRemoveOneLine(Visit v) {
        if (!(v.lines().size() > 1 && v.rnd().nextBoolean())) {
            return 0;
        }
        String sku = v.lines().remove(v.rnd().nextInt(v.lines().size()));
        Api.Response r = v.api().send("DELETE", prefix + v.items() + "/" + sku, null);
        stats.record("remove item", r, false);
        return 1;
    }

    /** With probability {@code linger}, idles and adds once more (the cart may have expired meanwhile). */
    private int maybeLingerAndAddAgain(Visit v) {
        if (!(!v.lines().isEmpty() && v.rnd().nextDouble() < linger)) {
            return 0;
        }
        try {
            Thread.sleep(lingerMillis / 2 + v.rnd().nextLong(lingerMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String sku = skus.get(v.rnd().nextInt(skus.size()));
        Api.Response r = v.api().post(prefix + v.items(), "{\"sku\":\"" + sku + "\",\"qty\":1}");
        // the cart may have expired meanwhile: any 4xx is a legitimate answer
        stats.record("add after idling", r, r.status() >= 400 && r.status() < 500);
        if (r.ok() && !v.lines().contains(sku)) {
            v.lines().add(sku);
        }
        return 1;
    }

    /** The visit's end: check out (approved, declined or stalled), empty the cart, or walk away. */
    private int leave(Visit v) {
        double end = v.rnd().nextDouble();
        if (!v.lines().isEmpty() && end < checkout + decline + stall) {
            return checkOut(v, end < checkout ? "approve" : end < checkout + decline ? "decline" : "stall");
        } else if (end < checkout + decline + stall + empty) {
            for (String sku : v.lines()) {
                Api.Response r = v.api().send("DELETE", prefix + v.items() + "/" + sku, null);
                stats.record("remove item", r, linger > 0 && r.status() >= 400 && r.status() < 500);
            }
            return v.lines().size();
        }
        return 0;
    }

    private int checkOut(Visit v, String simulate) {
        Api.Response r = v.api().send("POST", prefix + "/carts/" + v.id() + "/checkout",
                ("{\"payment\":{\"method\":\"card\",\"simulate\":\"" + simulate + "\"}}").getBytes(),
                false, java.util.Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        boolean rejected = r.status() == 402 || (linger > 0 && r.status() >= 400 && r.status() < 500);
        stats.record("checkout " + simulate, r, rejected);
        if (r.status() == 200 && "approved".equals(r.json().path("payment").asText())) {
            approved.add(v.id());
        }
        return 1;
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

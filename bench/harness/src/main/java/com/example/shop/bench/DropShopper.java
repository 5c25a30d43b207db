package com.example.shop.bench;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * One shopper of the drop, through the gateway: one client (an {@code X-Forwarded-For} address of
 * its own for the whole drop, so the gateway's per-client limits apply to this shopper as to a
 * person), visiting again and again: create a cart, add 1 or 2 units of one of the drop's skus (a
 * size picked at random when the drop sells a product's sizes), then check out (approved payment)
 * or abandon the cart, which keeps its units until the expiry job returns them. An add refused
 * with nothing available goes to another size that still has units; when none has, it is tried
 * again in the same cart after a pause until every sku is sold out: units of abandoned carts come
 * back. A 429, and a 503 (the service is saturated or restarting), is waited out as its Retry-After
 * says and the same request is made again, in the same cart, as a storefront does with a cart it
 * keeps: a shopper does not give up a cart, nor a checkout, because the shop was busy for a moment.
 */
final class DropShopper {

    /** What all the shoppers did, beside the per-request {@link Stats}. */
    static final class Tally {
        final LongAdder carts = new LongAdder();
        final LongAdder unitsAdded = new LongAdder();
        final LongAdder checkouts = new LongAdder();
        final LongAdder checkoutUnits = new LongAdder();
        final LongAdder checkoutsRefused = new LongAdder();
        final LongAdder abandoned = new LongAdder();
        final LongAdder abandonedUnits = new LongAdder();
        /** Adds that went to another size after theirs was refused with nothing available. */
        final LongAdder otherSize = new LongAdder();
    }

    /** Tries of one add in one cart: the deadline bounds them too. */
    private static final int MAX_ADD_TRIES = 10_000;
    private static final long MAX_WAIT_MILLIS = 60_000;
    /** Tries of one checkout (one Idempotency-Key): the deadline bounds them too. */
    private static final int MAX_CHECKOUT_TRIES = 20;

    /**
     * What every shopper of one drop shares: its skus with their sell-out watches, the tallies, the
     * share of visits that check out, the pause before an add is tried again, and when the drop ends.
     */
    record Drop(DropSkus skus, Stats stats, Tally tally, double checkoutShare, long retryPauseMillis,
                long deadlineNanos) {
    }

    private final Api api;
    private final Drop drop;

    DropShopper(Api api, Drop drop) {
        this.api = api;
        this.drop = drop;
    }

    /** One visit; returns the requests it made. */
    int visit() throws InterruptedException {
        Api.Response created = api.post("/api/carts", null);
        drop.stats().record("create cart", created, created.status() == 429);
        if (!created.ok()) {
            waitAfter(created);
            return 1;
        }
        drop.tally().carts.increment();
        String id = created.json().path("id").asText();
        int[] requests = {1};
        int held = addUntilHeld(id, 1 + ThreadLocalRandom.current().nextInt(2), requests);
        if (held == 0) {
            return requests[0];
        }
        drop.tally().unitsAdded.add(held);
        if (ThreadLocalRandom.current().nextDouble() < drop.checkoutShare()) {
            checkout(id, held, requests);
        } else {
            drop.tally().abandoned.increment();
            drop.tally().abandonedUnits.add(held);
        }
        return requests[0];
    }

    /**
     * Adds {@code qty} units of a sku, retrying in the same cart while the skus are short but not sold
     * out; returns the units the cart holds (0: sold out, or the cart could not be used).
     */
    private int addUntilHeld(String id, int qty, int[] requests) throws InterruptedException {
        DropSkus skus = drop.skus();
        int want = qty;
        int sku = skus.pick();
        for (int attempt = 0; attempt < MAX_ADD_TRIES && sku >= 0 && System.nanoTime() < drop.deadlineNanos() && !skus.soldOut(); attempt++) {
            Api.Response r = api.post("/api/carts/" + id + "/items", "{\"sku\":\"" + skus.sku(sku) + "\",\"qty\":" + want + "}");
            requests[0]++;
            boolean insufficient = "insufficient-inventory".equals(r.problem());
            drop.stats().record("add item", r, insufficient || r.status() == 429);
            if (r.ok()) {
                skus.added(sku);
                return want;
            }
            if (!insufficient) {
                waitAfter(r);
                if (comeBackLater(r)) {
                    continue; // the same cart, once the limiter or the saturated service lets this shopper add again
                }
                return 0;
            }
            long available = r.json().path("available").asLong(0);
            skus.sawAvailable(sku, available);
            int other = available > 0 ? -1 : skus.otherWithUnits(sku);
            if (available > 0) {
                want = (int) Math.min(want, available); // take what is left
            } else if (other >= 0) {
                drop.tally().otherSize.increment();
                sku = other;
                want = qty;
            } else {
                if (!skus.confirmSoldOut(sku)) {
                    sleep(drop.retryPauseMillis() / 2 + ThreadLocalRandom.current().nextLong(drop.retryPauseMillis() + 1));
                }
                sku = skus.pick(); // any size not sold out: the first to get units back is not known
                want = qty;
            }
        }
        return 0;
    }

    /** Checks out with an approved payment; a 429 or 503 is waited out and tried again (at most {@link #MAX_CHECKOUT_TRIES}). */
    private void checkout(String id, int units, int[] requests) throws InterruptedException {
        byte[] body = "{\"payment\":{\"method\":\"card\",\"simulate\":\"approve\"}}".getBytes(StandardCharsets.UTF_8);
        String key = UUID.randomUUID().toString(); // the same key for the retries: one checkout, not two
        for (int attempt = 0; attempt < MAX_CHECKOUT_TRIES && System.nanoTime() < drop.deadlineNanos(); attempt++) {
            Api.Response r = api.send("POST", "/api/carts/" + id + "/checkout", body, false, Map.of("Idempotency-Key", key));
            requests[0]++;
            // cart-inactive: the expiry job took the cart between the add and the checkout (a short expiry on purpose)
            drop.stats().record("checkout", r, r.status() == 429 || "cart-inactive".equals(r.problem()));
            if (r.status() == 200 && "approved".equals(r.json().path("payment").asText())) {
                drop.tally().checkouts.increment();
                drop.tally().checkoutUnits.add(units);
                return;
            }
            if (!comeBackLater(r)) {
                break;
            }
            waitAfter(r);
        }
        drop.tally().checkoutsRefused.increment(); // the cart keeps its units until it expires
    }

    /** A refusal that says "not now": the gateway's per-client limit (429) or a saturated or restarting service (503). */
    private static boolean comeBackLater(Api.Response r) {
        return r.status() == 429 || r.status() == 503;
    }

    /**
     * After a refusal: a 429's or 503's Retry-After, plus up to a second so that a thousand shoppers
     * turned away together do not all come back in the same instant; when the platform failed
     * otherwise (no answer, a 5xx without Retry-After) half a second to a second, as a person would
     * reload an error page, so that hundreds of shoppers do not spin on the gateway.
     */
    private void waitAfter(Api.Response r) throws InterruptedException {
        if (comeBackLater(r)) {
            sleep(Math.min(MAX_WAIT_MILLIS, r.retryAfterSeconds(1) * 1000 + ThreadLocalRandom.current().nextLong(1000)));
        } else if (r.status() < 0 || r.status() >= 500) {
            sleep(500 + ThreadLocalRandom.current().nextLong(500));
        }
    }

    /**
     * Sleeps, but not past the drop's deadline nor past the sell-out: a shopper waiting out a 429 must
     * not keep the drop (and its measured window) open once nothing is left to buy.
     */
    private void sleep(long millis) throws InterruptedException {
        long until = Math.min(System.nanoTime() + millis * 1_000_000L, drop.deadlineNanos());
        for (long left = until - System.nanoTime(); left > 0 && !drop.skus().soldOut(); left = until - System.nanoTime()) {
            Thread.sleep(Math.max(1, Math.min(200, left / 1_000_000)));
        }
    }
}

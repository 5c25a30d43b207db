package com.example.shop.bench;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Makes holders of one sku: each a cart created through the cart API that holds 1 unit. Used to top
 * a sku's holders up to a level before a measured phase, and by the phase's shoppers themselves.
 */
final class HolderFill {

    /** The problem the first model answers once a sku has as many holders as it allows (the new model has no cap). */
    static final String HOLDER_CAP = "too-many-holders";

    /**
     * What a top-up did: carts that hold a unit now, attempts that failed, the detail of a
     * too-many-holders answer (null if none came), and whether it stopped at its time bound.
     */
    record Outcome(long made, long failed, String capped, boolean timedOut, double seconds) {

        static final Outcome NOTHING = new Outcome(0, 0, null, false, 0);
    }

    private HolderFill() {
    }

    /**
     * One new holder: {@code POST <prefix>/carts}, then 1 unit of {@code sku} added. Both calls go to
     * {@code stats}; returns the answer that decided (the add's, or the create's when it failed).
     */
    static Api.Response newHolder(Api api, String prefix, String sku, Stats stats) {
        Api.Response created = api.post(prefix + "/carts", null);
        stats.record("create cart", created, false);
        if (!created.ok()) {
            return created;
        }
        String id = created.json().path("id").asText();
        Api.Response add = api.post(prefix + "/carts/" + id + "/items", "{\"sku\":\"" + sku + "\",\"qty\":1}");
        stats.record("add item (1 unit)", add, HOLDER_CAP.equals(add.problem()));
        return add;
    }

    /**
     * {@code missing} more holders by {@code threads} threads, within {@code max}. Stops early at a
     * too-many-holders answer, or when failures pass a tenth of what was asked (at least 100): the
     * service is then broken, and the top-up would only spin.
     */
    static Outcome topUp(Api api, String prefix, String sku, long missing, int threads, Duration max) throws InterruptedException {
        if (missing <= 0) {
            return Outcome.NOTHING;
        }
        Stats stats = new Stats();
        AtomicLong permits = new AtomicLong(missing); // holders not yet made nor being made
        AtomicLong made = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicReference<String> capped = new AtomicReference<>();
        long failureBound = Math.max(100, missing / 10);
        long t0 = System.nanoTime();
        Load.run(threads, max, Long.MAX_VALUE, c -> {
            if (!take(permits)) {
                Thread.sleep(5); // the last ones are in flight; one of them may fail and give its permit back
                return 0;
            }
            Api.Response r = newHolder(api, prefix, sku, stats);
            if (r.ok()) {
                made.incrementAndGet();
            } else {
                permits.incrementAndGet();
                failed.incrementAndGet();
                if (HOLDER_CAP.equals(r.problem())) {
                    capped.compareAndSet(null, r.json().path("detail").asText(r.body()));
                }
            }
            return 2;
        }, () -> made.get() >= missing || capped.get() != null || failed.get() > failureBound);
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Outcome(made.get(), failed.get(), capped.get(), made.get() < missing && seconds >= max.toSeconds(), seconds);
    }

    /** Takes one permit if any is left. */
    private static boolean take(AtomicLong permits) {
        long n;
        do {
            n = permits.get();
            if (n <= 0) {
                return false;
            }
        } while (!permits.compareAndSet(n, n - 1));
        return true;
    }
}

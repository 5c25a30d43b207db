package com.example.shop.bench;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether the drop's sku is sold out, shared by all its shoppers: sold out when nothing is available
 * and nothing is reserved (no abandoned cart still holds units that its expiry would bring back).
 * A shopper asks only after an add answered insufficient-inventory, and the stock is read at most
 * once per {@code pollEveryMillis} whoever asks, so a thousand shoppers waiting for returned units
 * do not become a thousand readers. It reads the public {@code GET /api/inventory/{sku}} (available
 * and reserved, two counters of one document), not the admin view, which reads every holder.
 */
final class SoldOutWatch {

    private final Api api;
    private final String sku;
    private final long pollEveryNanos;
    private final AtomicBoolean polling = new AtomicBoolean();
    private final AtomicLong allTakenAt = new AtomicLong(-1);
    private final AtomicLong soldOutAt = new AtomicLong(-1);
    private final AtomicLong polls = new AtomicLong();
    private volatile long startNanos = System.nanoTime();
    private volatile long lastPoll;
    private volatile boolean soldOut;

    SoldOutWatch(Api api, String sku, long pollEveryMillis) {
        this.api = api;
        this.sku = sku;
        this.pollEveryNanos = pollEveryMillis * 1_000_000L;
        this.lastPoll = System.nanoTime() - pollEveryNanos;
    }

    /** The drop starts now: the times reported count from here. */
    void start() {
        startNanos = System.nanoTime();
    }

    boolean soldOut() {
        return soldOut;
    }

    /** An insufficient-inventory answer said {@code available}: the first 0 is the moment every unit was taken. */
    void sawAvailable(long available) {
        if (available == 0) {
            allTakenAt.compareAndSet(-1, System.nanoTime() - startNanos);
        }
    }

    /** Reads the stock unless another shopper read it within the poll interval; true once sold out. */
    boolean confirmSoldOut() {
        if (soldOut) {
            return true;
        }
        long now = System.nanoTime();
        if (now - lastPoll < pollEveryNanos || !polling.compareAndSet(false, true)) {
            return soldOut;
        }
        try {
            lastPoll = now;
            polls.incrementAndGet();
            Api.Response r = api.get("/api/inventory/" + sku);
            if (r.ok() && r.json().path("available").asLong(-1) == 0 && r.json().path("reserved").asLong(-1) == 0) {
                soldOutAt.compareAndSet(-1, System.nanoTime() - startNanos);
                soldOut = true;
            }
        } finally {
            polling.set(false);
        }
        return soldOut;
    }

    /** Seconds from the start until every unit was taken (available first 0), NaN if never. */
    double allTakenSeconds() {
        return allTakenAt.get() < 0 ? Double.NaN : allTakenAt.get() / 1e9;
    }

    /** Seconds from the start until sold out was seen, NaN if never. */
    double soldOutSeconds() {
        return soldOutAt.get() < 0 ? Double.NaN : soldOutAt.get() / 1e9;
    }

    long polls() {
        return polls.get();
    }
}

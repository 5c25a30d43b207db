package com.example.shop.bench;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Addresses for simulated clients, sent as {@code X-Forwarded-For} as a CDN in front of the gateway
 * would: the gateway's rate limits count per client, and on one machine every connection comes
 * from 127.0.0.1. Taken in turn from 198.18.0.0/15, the range RFC 2544 sets aside for benchmarks
 * (never routed; nothing is ever sent to these addresses, they only name clients). Each process
 * starts at a random place in the 131,072 addresses, so that two harness runs in one minute
 * (bench/run's scenarios follow each other) seldom present the same client twice.
 */
final class ClientAddresses {

    private static final int SIZE = 1 << 17;
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(SIZE));

    private ClientAddresses() {
    }

    /** An address no other client of this process has had (until 131,072 were handed out). */
    static String next() {
        int n = Math.floorMod(NEXT.getAndIncrement(), SIZE);
        return "198." + (18 + (n >> 16)) + "." + ((n >> 8) & 0xFF) + "." + (n & 0xFF);
    }
}

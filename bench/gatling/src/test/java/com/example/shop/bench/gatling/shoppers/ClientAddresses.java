package com.example.shop.bench.gatling.shoppers;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@code X-Forwarded-For} address per virtual user, as a CDN in front of the gateway would send:
 * the gateway's rate limits count per client, and on one machine every connection comes from
 * 127.0.0.1. Taken in turn from 198.18.0.0/15, the range RFC 2544 sets aside for benchmarks (never
 * routed, only names). Each run starts at a random place, so that two runs in one minute seldom
 * present the same client twice (the harness does the same).
 */
public final class ClientAddresses {

    private static final int SIZE = 1 << 17;
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(SIZE));

    private ClientAddresses() {
    }

    public static String next() {
        int n = Math.floorMod(NEXT.getAndIncrement(), SIZE);
        return "198." + (18 + (n >> 16)) + "." + ((n >> 8) & 0xFF) + "." + (n & 0xFF);
    }
}

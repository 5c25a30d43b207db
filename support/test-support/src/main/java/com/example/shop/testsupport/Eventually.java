package com.example.shop.testsupport;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting in a test for what the system does in the background: polls a condition until it holds or time is up. */
public final class Eventually {

    private static final long POLL_MILLIS = 100;

    private Eventually() {
    }

    /** True as soon as {@code condition} holds; false if it still did not after {@code within}. */
    public static boolean holds(Duration within, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }
}

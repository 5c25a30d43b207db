package com.example.shop.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** N client threads, each running its loop until a deadline or an operation budget is spent. */
final class Load {

    interface Client {
        /** One iteration; returns how many requests it made. */
        int iterate(int client) throws Exception;
    }

    static void run(int clients, Duration duration, long maxRequests, Client body) throws InterruptedException {
        run(clients, duration, maxRequests, body, () -> false);
    }

    static void run(int clients, Duration duration, long maxRequests, Client body, java.util.function.BooleanSupplier done)
            throws InterruptedException {
        long deadline = System.nanoTime() + duration.toNanos();
        AtomicLong requests = new AtomicLong();
        AtomicBoolean failed = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int id = c;
            Thread t = new Thread(() -> {
                while (System.nanoTime() < deadline && requests.get() < maxRequests && !done.getAsBoolean()) {
                    try {
                        requests.addAndGet(body.iterate(id));
                    } catch (Exception e) {
                        if (failed.compareAndSet(false, true)) {
                            e.printStackTrace();
                        }
                    }
                }
            }, "client-" + c);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        // a generous join bound: one request's timeout after the deadline
        long joinDeadline = deadline + Duration.ofSeconds(90).toNanos();
        for (Thread t : threads) {
            long left = Math.max(1, (joinDeadline - System.nanoTime()) / 1_000_000);
            t.join(left);
        }
    }
}

package com.example.shop.embeddedmongo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Concurrent clients of a test: each on a thread of its own, all let go at the same moment. */
final class AllAtOnce {

    private AllAtOnce() {
    }

    interface Client<T> {
        List<T> run(int number) throws Exception;
    }

    /** What each of {@code clients} clients (numbered from 0) gives back, in the clients' order. */
    static <T> List<T> run(int clients, Client<T> body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<T>>> results = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int number = c;
                results.add(pool.submit((Callable<List<T>>) () -> {
                    start.await();
                    return body.run(number);
                }));
            }
            start.countDown();
            List<T> all = new ArrayList<>();
            for (Future<List<T>> result : results) {
                all.addAll(result.get());
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }
}

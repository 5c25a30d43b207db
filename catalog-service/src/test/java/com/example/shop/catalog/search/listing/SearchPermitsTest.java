package com.example.shop.catalog.search.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Searches from many threads at once: never more running than the permits allow, and every one done. */
class SearchPermitsTest {

    @Test
    void noMoreSearchesRunAtOnceThanTheTurnsAndEveryOneIsDone() throws Exception {
        SearchPermits permits = new SearchPermits(2);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService clients = Executors.newFixedThreadPool(16);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                int n = i;
                answers.add(clients.submit(() -> {
                    start.await();
                    return permits.run(() -> {
                        most.accumulateAndGet(running.incrementAndGet(), Math::max);
                        try {
                            Thread.sleep(2);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        running.decrementAndGet();
                        return n;
                    });
                }));
            }
            start.countDown();
            for (int i = 0; i < answers.size(); i++) {
                assertEquals(i, answers.get(i).get(10, TimeUnit.SECONDS));
            }
        } finally {
            clients.shutdownNow();
        }
        assertEquals(2, most.get(), "searches running at once, at the most");
    }

    @Test
    void aSearchThatFailsGivesItsTurnBack() {
        SearchPermits permits = new SearchPermits(1);
        assertThrows(IllegalStateException.class, () -> permits.run(() -> {
            throw new IllegalStateException("the search failed");
        }));
        assertEquals("next", permits.run(() -> "next"));
    }

    @Test
    void fewerThanOneTurnIsRefusedAtStartUp() {
        assertThrows(IllegalArgumentException.class, () -> new SearchPermits(0));
    }
}

package com.example.shop.catalog.search;

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

/** Searches from many threads at once: never more running than the turns, and every one done. */
class SearchTurnsTest {

    @Test
    void noMoreSearchesRunAtOnceThanTheTurnsAndEveryOneIsDone() throws Exception {
        SearchTurns turns = new SearchTurns(2);
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
                    return turns.run(() -> {
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
        SearchTurns turns = new SearchTurns(1);
        assertThrows(IllegalStateException.class, () -> turns.run(() -> {
            throw new IllegalStateException("the search failed");
        }));
        assertEquals("next", turns.run(() -> "next"));
    }

    @Test
    void fewerThanOneTurnIsRefusedAtStartUp() {
        assertThrows(IllegalArgumentException.class, () -> new SearchTurns(0));
    }
}

package com.example.shop.cart.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The backoff with the production settings: 5 s doubling to 1 h, with jitter, for 24 h. */
class RetryScheduleTest {

    private final RetrySchedule schedule = new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Duration.ofHours(24));

    @Test
    void eachWaitDoublesUpToTheLongest() {
        assertEquals(Duration.ofSeconds(5), schedule.ceiling(1));
        assertEquals(Duration.ofSeconds(10), schedule.ceiling(2));
        assertEquals(Duration.ofSeconds(20), schedule.ceiling(3));
        assertEquals(Duration.ofSeconds(2560), schedule.ceiling(10));
        assertEquals(Duration.ofHours(1), schedule.ceiling(11));
        assertEquals(Duration.ofHours(1), schedule.ceiling(1000));
    }

    @Test
    void theJitterDrawsFromTheUpperHalf() {
        for (long attempts = 1; attempts < 15; attempts++) {
            Duration ceiling = schedule.ceiling(attempts);
            for (int draw = 0; draw < 200; draw++) {
                Duration wait = schedule.after(attempts);
                assertTrue(wait.compareTo(ceiling.dividedBy(2)) >= 0 && wait.compareTo(ceiling) <= 0, attempts + ": " + wait);
            }
        }
    }

    @Test
    void aDeliveryIsTriedForADayThenFails() {
        Instant from = Instant.parse("2026-12-01T00:00:00Z");
        Instant at = from;
        int attempts = 1;
        while (true) {
            Instant next = schedule.next(from, at, attempts);
            if (next == null) {
                break;
            }
            assertTrue(next.isAfter(at));
            at = next;
            attempts++;
        }
        assertTrue(!at.isAfter(from.plus(Duration.ofHours(24))), at.toString());
        assertTrue(at.isAfter(from.plus(Duration.ofHours(22))), "retried close to the day's end: " + at);
        // 11 growing waits reach the hour within 1.4 h, then waits of 30 to 60 min
        assertTrue(attempts >= 30 && attempts <= 60, "attempts in a day: " + attempts);
        assertNull(schedule.next(from, from.plus(Duration.ofHours(24)), attempts));
    }
}

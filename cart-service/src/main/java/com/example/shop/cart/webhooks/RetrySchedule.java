package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When a failed delivery is tried again: {@code cart.webhooks.first-retry-after} after the first
 * attempt, twice as long after each further one up to {@code longest-retry-after}, each wait drawn
 * at random from its upper half (jitter, so that the retries of many deliveries that failed
 * together spread out); past {@code retry-for} from its first attempt a delivery has failed.
 */
@ApplicationScoped
public class RetrySchedule {

    private final Duration first;
    private final Duration longest;
    private final Duration window;

    @Inject
    RetrySchedule(CartConfig config) {
        this(config.webhooks().firstRetryAfter(), config.webhooks().longestRetryAfter(), config.webhooks().retryFor());
    }

    RetrySchedule(Duration first, Duration longest, Duration window) {
        this.first = first;
        this.longest = longest;
        this.window = window;
    }

    /** The longest wait after the {@code attempts}th failed attempt (1 for the first), before jitter. */
    Duration ceiling(long attempts) {
        long millis = first.toMillis();
        for (long i = 1; i < attempts && millis < longest.toMillis(); i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, longest.toMillis()));
    }

    /** The wait after the {@code attempts}th failed attempt: from half the ceiling to all of it. */
    Duration after(long attempts) {
        long ceiling = ceiling(attempts).toMillis();
        return Duration.ofMillis(ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling - ceiling / 2 + 1));
    }

    /** When the next attempt is due, or null when it would fall past the retry window that opened at {@code from}. */
    Instant next(Instant from, Instant now, long attempts) {
        Instant next = now.plus(after(attempts));
        return next.isAfter(from.plus(window)) ? null : next;
    }
}

package com.example.shop.web.concurrency;

import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one loop for optimistic updates: an attempt reads, then writes with a guard on what it read
 * (compare-and-set); when a concurrent writer got there first the guard matches nothing and the
 * attempt is made again on a fresh read. The number of attempts is bounded
 * ({@code shop.concurrency.max-attempts}): past it the request answers 409
 * {@code concurrent-modification} instead of spinning.
 */
@ApplicationScoped
public class Attempts {

    /** The settings of optimistic updates. */
    @ConfigMapping(prefix = "shop.concurrency")
    public interface Config {
        /**
         * Attempts of one compare-and-set before giving up with a 409. Each failed attempt means
         * another writer succeeded, so this many in a row only happens under pathological contention.
         */
        @WithDefault("100")
        int maxAttempts();
    }

    private final int max;

    public Attempts(Config config) {
        this.max = config.maxAttempts();
    }

    /** For code built outside CDI (a second replica of the jobs in tests). */
    public static Attempts of(int maxAttempts) {
        return new Attempts(() -> maxAttempts);
    }

    /**
     * Runs {@code attempt} until it gives a value (its guarded write matched) or {@code max}
     * attempts were made. An attempt gives empty when it lost a race and should run again; it
     * throws to stop for good (a refusal such as insufficient stock).
     */
    public <T> T untilDone(Supplier<Optional<T>> attempt) {
        for (int i = 0; i < max; i++) {
            Optional<T> done = attempt.get();
            if (done.isPresent()) {
                return done.get();
            }
        }
        throw busy();
    }

    private static ProblemException busy() {
        return Problems.conflict("concurrent-modification", "Concurrent modification",
                "The resource changed concurrently too often; retry.");
    }
}

package com.example.shop.cart.jobs;

import com.example.shop.cart.config.CartConfig;
import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * The three jobs on their schedules ({@code cart.*.every}). Each run is idempotent and safe next
 * to the same job on other replicas; a failed run (database down) is logged and retried next time.
 */
@Singleton
public class ScheduledJobs {

    private static final Logger LOG = Logger.getLogger(ScheduledJobs.class);

    @Inject
    CartConfig config;
    @Inject
    ExpireCarts expireCarts;
    @Inject
    CleanupInventory cleanupInventory;
    @Inject
    ResolveCheckouts resolveCheckouts;

    private final AtomicLong expiryRuns = new AtomicLong();

    @Scheduled(identity = "expire-carts", every = "${cart.expiry.every:1m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void expire() {
        try {
            var report = expireCarts.run(config.expiry().inactiveAfter());
            expiryRuns.incrementAndGet();
            if (report.expired() > 0) {
                LOG.infof("Expired %d carts, returned %d units", report.expired(), report.returnedUnits());
            }
        } catch (RuntimeException e) {
            LOG.warn("Cart expiry failed; next run retries: " + e.getMessage());
        }
    }

    @Scheduled(identity = "cleanup-inventory", every = "${cart.cleanup.every:5m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void cleanup() {
        try {
            var report = cleanupInventory.run(config.cleanup().olderThan());
            if (report.returnedUnits() > 0) {
                LOG.infof("Cleanup returned %d units from %d entries", report.returnedUnits(), report.returnedEntries());
            }
        } catch (RuntimeException e) {
            LOG.warn("Inventory cleanup failed; next run retries: " + e.getMessage());
        }
    }

    @Scheduled(identity = "resolve-checkouts", every = "${cart.checkout.every:1m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void resolve() {
        try {
            resolveCheckouts.run(config.checkout().stalledAfter());
        } catch (RuntimeException e) {
            LOG.warn("Resolving stalled checkouts failed; next run retries: " + e.getMessage());
        }
    }

    /** Completed runs of the expiry job since start. */
    public long expiryRuns() {
        return expiryRuns.get();
    }
}

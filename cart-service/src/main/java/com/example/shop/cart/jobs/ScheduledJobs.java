package com.example.shop.cart.jobs;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.webhooks.ProductChangeFollower;
import com.example.shop.cart.webhooks.WebhookSender;
import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Singleton;
import java.util.function.BooleanSupplier;
import org.jboss.logging.Logger;

/**
 * The jobs on their schedules ({@code cart.*.every}), started and recorded as runs like an
 * admin's trigger ({@link JobRunner}), with trigger {@code scheduled} and each job's own threshold
 * (the runner knows it): an operator sees in
 * {@code GET /admin/jobs/runs} when each last ran and what it did. A run of the same job already
 * going on (here, on another replica, or started by an admin) is not started twice; a failed run
 * (database down) is recorded as failed when it can be, and the next schedule tries again. The
 * intervals' defaults are {@link CartConfig}'s: a mapping's defaults are configuration values, so
 * the expressions below find them.
 */
@Singleton
public record ScheduledJobs(JobRunner runner, WebhookSender webhookSender, ProductChangeFollower productChanges) {

    private static final Logger LOG = Logger.getLogger(ScheduledJobs.class);

    @Scheduled(identity = "expire-carts", every = "${cart.expiry.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void expire() {
        start(JobName.EXPIRE_CARTS);
    }

    @Scheduled(identity = "cleanup-inventory", every = "${cart.cleanup.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void cleanup() {
        start(JobName.CLEANUP_INVENTORY);
    }

    @Scheduled(identity = "resolve-checkouts", every = "${cart.checkout.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void resolve() {
        start(JobName.RESOLVE_CHECKOUTS);
    }

    /**
     * The webhook sender runs while there is work: an append here starts it at once; this starts it
     * for what another replica appended or what fell due, and records no run while there is nothing to do.
     */
    @Scheduled(identity = "send-webhooks", every = "${cart.webhooks.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sendWebhooks() {
        startIfDue(JobName.SEND_WEBHOOKS, webhookSender::runningHere, webhookSender::hasWork);
    }

    /** The follower runs while a subscription wants {@code product.changed}; this starts it (here or on another replica). */
    @Scheduled(identity = "follow-product-changes", every = "${cart.webhooks.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void followProductChanges() {
        startIfDue(JobName.FOLLOW_PRODUCT_CHANGES, productChanges::runningHere, productChanges::wanted);
    }

    /** Starts a job that runs while it has work, unless it runs here already or has none. */
    private void startIfDue(JobName job, BooleanSupplier runningHere, BooleanSupplier hasWork) {
        try {
            if (!runningHere.getAsBoolean() && hasWork.getAsBoolean()) {
                start(job);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Scheduled %s could not look for work; the next schedule tries again: %s", job.wire(), e.getMessage());
        }
    }

    private void start(JobName job) {
        try {
            runner.start(job, RunTrigger.SCHEDULED);
        } catch (RuntimeException e) {
            LOG.warnf("Scheduled %s could not start; the next schedule tries again: %s", job.wire(), e.getMessage());
        }
    }
}

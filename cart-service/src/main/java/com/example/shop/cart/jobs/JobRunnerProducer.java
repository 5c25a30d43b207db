package com.example.shop.cart.jobs;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.carts.CheckoutReport;
import com.example.shop.cart.carts.ExpireCarts;
import com.example.shop.cart.carts.ExpiryReport;
import com.example.shop.cart.carts.ResolveCheckouts;
import com.example.shop.cart.inventory.CleanupInventory;
import com.example.shop.cart.inventory.CleanupReport;
import com.example.shop.cart.webhooks.ProductChangeFollower;
import com.example.shop.cart.webhooks.WebhookSender;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Builds this service's {@link JobRunner} from its store, its settings and the
 * five jobs, which belong to the features whose data they change: {@link ExpireCarts} and
 * {@link ResolveCheckouts} (carts), {@link CleanupInventory} (inventory), {@link WebhookSender} and
 * {@link ProductChangeFollower} (webhooks). Each job's threshold is its
 * setting, named here only: the schedule and an admin's trigger both run a job with it, unless the
 * trigger gives another. A job's report becomes the
 * run's counts as it would be written in JSON: its fields by their snake-case names, in order.
 */
@ApplicationScoped
public class JobRunnerProducer {

    private static final TypeReference<LinkedHashMap<String, Long>> COUNTS = new TypeReference<>() {
    };

    @Produces
    @ApplicationScoped
    JobRunner jobRunner(JobsStore store, CartConfig config, ObjectMapper json, ExpireCarts expireCarts,
                        CleanupInventory cleanupInventory, ResolveCheckouts resolveCheckouts, WebhookSender webhookSender,
                        ProductChangeFollower productChanges) {
        return new JobRunner(store, config.jobs().lease(), Map.of(
                JobName.EXPIRE_CARTS, new JobRunner.Job(config.expiry().inactiveAfter(),
                        JobRunnerProducer.<ExpiryReport>counted(json, expireCarts::run)),
                JobName.CLEANUP_INVENTORY, new JobRunner.Job(config.cleanup().olderThan(),
                        JobRunnerProducer.<CleanupReport>counted(json, cleanupInventory::run)),
                JobName.RESOLVE_CHECKOUTS, new JobRunner.Job(config.checkout().stalledAfter(),
                        JobRunnerProducer.<CheckoutReport>counted(json, resolveCheckouts::run)),
                // its threshold is how long a run waits with nothing to do before it ends
                JobName.SEND_WEBHOOKS, new JobRunner.Job(config.webhooks().idleFor(),
                        JobRunnerProducer.<WebhookSender.Report>counted(json, webhookSender::run)),
                // its threshold is how long it waits between reads once it has read everything there was
                JobName.FOLLOW_PRODUCT_CHANGES, new JobRunner.Job(config.webhooks().followEvery(),
                        JobRunnerProducer.<ProductChangeFollower.Report>counted(json, productChanges::run))),
                config.jobs().heartbeatEvery(), config.jobs().keepRunsFor());
    }

    /**
     * A feature's job ({@code run(threshold, progress)} giving its report) as the runner's work: the
     * report, so far and at the end, as counts.
     */
    private static <R> JobRunner.Work counted(ObjectMapper json, BiFunction<Duration, Consumer<R>, R> job) {
        return (threshold, progress) -> json.convertValue(
                job.apply(threshold, soFar -> progress.accept(json.convertValue(soFar, COUNTS))), COUNTS);
    }

    void close(@Disposes JobRunner runner) {
        runner.close();
    }
}

package com.example.shop.cart.jobs;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.carts.ExpireCarts;
import com.example.shop.cart.carts.ResolveCheckouts;
import com.example.shop.cart.inventory.CleanupInventory;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds this service's {@link JobRuns} and {@link JobRunner} from its store, its settings and the
 * three jobs, which belong to the features whose data they change: {@link ExpireCarts} and
 * {@link ResolveCheckouts} (carts), {@link CleanupInventory} (inventory). A job's report becomes the
 * run's counts as it would be written in JSON: its fields by their snake-case names, in order.
 */
@ApplicationScoped
public class JobRunnerProducer {

    private static final TypeReference<LinkedHashMap<String, Long>> COUNTS = new TypeReference<>() {
    };

    @Produces
    @ApplicationScoped
    JobRuns jobRuns(JobsStore store, CartConfig config) {
        return new JobRuns(store, config.jobs().lease());
    }

    @Produces
    @ApplicationScoped
    JobRunner jobRunner(JobRuns runs, CartConfig config, ObjectMapper json, ExpireCarts expireCarts,
                        CleanupInventory cleanupInventory, ResolveCheckouts resolveCheckouts) {
        return new JobRunner(runs, Map.of(
                JobName.EXPIRE_CARTS, (threshold, progress) -> json.convertValue(
                        expireCarts.run(threshold, soFar -> progress.accept(json.convertValue(soFar, COUNTS))), COUNTS),
                JobName.CLEANUP_INVENTORY, (threshold, progress) -> json.convertValue(
                        cleanupInventory.run(threshold, soFar -> progress.accept(json.convertValue(soFar, COUNTS))), COUNTS),
                JobName.RESOLVE_CHECKOUTS, (threshold, progress) -> json.convertValue(
                        resolveCheckouts.run(threshold, soFar -> progress.accept(json.convertValue(soFar, COUNTS))), COUNTS)),
                config.jobs().heartbeatEvery(), config.jobs().keepRunsFor());
    }

    void close(@Disposes JobRunner runner) {
        runner.close();
    }
}

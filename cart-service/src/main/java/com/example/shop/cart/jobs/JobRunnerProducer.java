package com.example.shop.cart.jobs;

import com.example.shop.cart.config.CartConfig;
import com.example.shop.cart.config.CartDatabase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.util.Map;

/** Builds this service's {@link JobRuns} and {@link JobRunner} from its database, settings and the three jobs. */
@ApplicationScoped
public class JobRunnerProducer {


    @Produces
    @ApplicationScoped
    JobRuns jobRuns(CartDatabase database, CartConfig config) {
        return new JobRuns(database, config.jobs().lease());
    }

    @Produces
    @ApplicationScoped
    JobRunner jobRunner(JobRuns runs, CartConfig config, ExpireCarts expireCarts, CleanupInventory cleanupInventory,
                        ResolveCheckouts resolveCheckouts) {
        return new JobRunner(runs, Map.of(
                JobName.EXPIRE_CARTS, (threshold, progress) ->
                        expireCarts.run(threshold, soFar -> progress.accept(soFar.counts())).counts(),
                JobName.CLEANUP_INVENTORY, (threshold, progress) ->
                        cleanupInventory.run(threshold, soFar -> progress.accept(soFar.counts())).counts(),
                JobName.RESOLVE_CHECKOUTS, (threshold, progress) ->
                        resolveCheckouts.run(threshold, soFar -> progress.accept(soFar.counts())).counts()),
                config.jobs().heartbeatEvery(), config.jobs().keepRunsFor());
    }

    void close(@Disposes JobRunner runner) {
        runner.close();
    }
}

package com.example.shop.cart.jobs;

import com.example.shop.cart.config.CartConfig;
import com.example.shop.cart.config.CartDatabase;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import java.util.Map;
import org.jboss.logging.Logger;

/** Builds this service's {@link JobRuns} and {@link JobRunner} from its database, settings and the three jobs. */
@ApplicationScoped
public class JobRunnerProducer {

    private static final Logger LOG = Logger.getLogger(JobRunnerProducer.class);

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

    void createIndexes(@Observes StartupEvent event, JobRuns runs) {
        try {
            runs.ensureIndexes();
        } catch (RuntimeException e) {
            // As CartDatabase's: the service starts (readiness reports the database down); retried next start.
            LOG.warn("Could not create the job-run indexes: " + e.getMessage());
        }
    }
}

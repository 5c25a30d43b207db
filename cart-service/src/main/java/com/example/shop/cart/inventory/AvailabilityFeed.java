package com.example.shop.cart.inventory;

import com.example.shop.cart.catalog.AvailabilityChange;
import com.example.shop.cart.catalog.CatalogAvailability;
import com.example.shop.cart.CartConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Sends the outbox of availability transitions ({@link AvailabilityOutbox}) to the catalog every
 * {@code cart.availability.send-every}, up to {@value #BATCH} a call, and reconciles the outbox with
 * the stock every {@code cart.availability.reconcile-every}. A send that fails leaves the transitions
 * for the next round; two replicas sending one transition are harmless (the catalog keeps the newest
 * {@code rev}). The sender has a thread of its own: the scheduler's one-second tick is too coarse.
 */
@ApplicationScoped
public class AvailabilityFeed {

    private static final Logger LOG = Logger.getLogger(AvailabilityFeed.class);
    static final int BATCH = 500;

    private final AvailabilityOutbox outbox;
    private final CatalogAvailability catalog;
    private final long sendEveryMillis;
    private boolean failing;
    private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "availability-sender");
        thread.setDaemon(true);
        return thread;
    });

    AvailabilityFeed(AvailabilityOutbox outbox, CatalogAvailability catalog, CartConfig config) {
        this.outbox = outbox;
        this.catalog = catalog;
        this.sendEveryMillis = Math.max(50, config.availability().sendEvery().toMillis());
    }

    void onStart(@Observes StartupEvent event) {
        sender.scheduleWithFixedDelay(this::scheduledSend, sendEveryMillis, sendEveryMillis, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
        sender.shutdownNow();
    }

    void scheduledSend() {
        try {
            for (int round = 0; round < 20 && send() == BATCH; round++) {
                // a full batch: more may be waiting
            }
            if (failing) {
                LOG.info("Availability transitions reach the catalog again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                LOG.warnf("Availability transitions could not be sent to the catalog (%s); trying again every round", e.toString());
                failing = true;
            }
        }
    }

    /** Sends one batch of pending transitions; returns how many it delivered. */
    public int send() {
        List<StoredAvailability> pending = outbox.pending(BATCH);
        if (pending.isEmpty()) {
            return 0;
        }
        catalog.report(pending.stream().map(t -> new AvailabilityChange(t.sku(), !t.soldOut(), t.rev())).toList());
        outbox.delivered(pending);
        return pending.size();
    }

    @Scheduled(identity = "reconcile-availability", every = "${cart.availability.reconcile-every}",
            delayed = "${cart.availability.reconcile-first-after}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledReconcile() {
        try {
            int recorded = outbox.reconcile();
            if (recorded > 0) {
                LOG.infof("Availability reconciliation recorded %d transitions the catalog had not acknowledged", recorded);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Availability reconciliation failed (%s); it runs again at the next schedule", e.toString());
        }
    }
}

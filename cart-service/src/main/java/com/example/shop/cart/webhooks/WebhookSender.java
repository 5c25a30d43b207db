package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartSeam;
import com.example.shop.web.seams.Seams;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.bson.types.ObjectId;
import org.jboss.logging.Logger;

/**
 * The work of a {@code send-webhooks} run, which holds the job's lease, so one replica sends at a
 * time. Each round it fans the outbox's events out to the subscriptions that want them (a delivery
 * and a pending entry each, then the event is marked fanned out and leaves the outbox: repeated
 * after a crash, each step writes the same documents), then claims what is due, up to
 * {@code cart.webhooks.concurrency-per-endpoint} in flight per subscription, so a slow receiver
 * holds only its own deliveries. A claim lasts twice the request timeout: a sender killed
 * mid-request leaves it to run out, and the delivery is sent again under the same
 * {@code webhook-id}. A round starts when an event is appended here, when a request ends, or every
 * {@code poll-every}; a run ends after {@code idle-for} with nothing to do (see docs/design.md, Webhooks).
 */
@ApplicationScoped
public class WebhookSender {

    private static final Logger LOG = Logger.getLogger(WebhookSender.class);
    /** Events fanned out a round. */
    static final int FAN_OUT_BATCH = 200;
    /** How often a process prunes old deliveries and events, at most. */
    private static final Duration PRUNE_EVERY = Duration.ofHours(1);
    private static final String USER_AGENT = "shop-cart-webhooks/1";

    /** A run's counts, so far and at its end. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Report(long fannedOut, long delivered, long retried, long failed) {
    }

    private final OutboxStore outbox;
    private final EventStore events;
    private final SubscriptionStore subscriptions;
    private final DeliveryStore deliveries;
    private final PendingStore pending;
    private final ReceiverAddresses addresses;
    private final ReceiverClient client;
    private final RetrySchedule retries;
    private final Seams seams;
    private final SenderStarts starts;
    private final int perEndpoint;
    private final Duration claimFor;
    private final Duration keepFor;
    private final long pollMillis;

    /** Set while a run works in this process: an append here wakes it instead of starting one. */
    private final AtomicBoolean running = new AtomicBoolean();
    private final Semaphore wakeUps = new Semaphore(0);
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger inFlightTotal = new AtomicInteger();
    private final AtomicBoolean startWanted = new AtomicBoolean();
    private volatile Instant prunedAt = Instant.EPOCH;
    private final AtomicLong fannedOut = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong retried = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ExecutorService requests = Executors.newCachedThreadPool(daemon("webhook-request"));
    private final ExecutorService starter = Executors.newSingleThreadExecutor(daemon("webhook-starter"));

    WebhookSender(OutboxStore outbox, EventStore events, SubscriptionStore subscriptions, DeliveryStore deliveries, PendingStore pending,
                  ReceiverAddresses addresses, ReceiverClient client, RetrySchedule retries, Seams seams, SenderStarts starts,
                  CartConfig config) {
        this.outbox = outbox;
        this.events = events;
        this.subscriptions = subscriptions;
        this.deliveries = deliveries;
        this.pending = pending;
        this.addresses = addresses;
        this.client = client;
        this.retries = retries;
        this.seams = seams;
        this.starts = starts;
        this.perEndpoint = config.webhooks().concurrencyPerEndpoint();
        this.claimFor = config.webhooks().timeout().multipliedBy(2);
        this.keepFor = config.webhooks().keepFor();
        this.pollMillis = Math.max(10, config.webhooks().pollEvery().toMillis());
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicInteger threads = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    void onStop(@Observes ShutdownEvent event) {
        starter.shutdownNow();
        requests.shutdownNow();
    }

    /**
     * There is work: the run going on here takes it at its next round, at once; without one, a run is
     * started in the background (or the one on another replica found, which polls).
     */
    void wake() {
        wakeUps.release();
        if (!running.get() && startWanted.compareAndSet(false, true)) {
            try {
                starter.execute(() -> {
                    startWanted.set(false);
                    try {
                        starts.start();
                    } catch (RuntimeException e) {
                        LOG.warnf("The webhook sender could not be started (%s); the schedule starts it", e.toString());
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                startWanted.set(false); // shutting down
            }
        }
    }

    /** Whether a run is working in this process. */
    public boolean runningHere() {
        return running.get();
    }

    /** Whether an event waits to be fanned out or a delivery is due: what a run would do now. */
    public boolean hasWork() {
        return outbox.any() || pending.anyDue(new Date());
    }

    /**
     * One run: rounds until {@code idleFor} passes with nothing to do, then the requests in flight are
     * waited for. {@code progress} hears the counts after every round (and throws when the run lost its lease).
     */
    public Report run(Duration idleFor, Consumer<Report> progress) {
        String holder = new ObjectId().toHexString();
        long[] start = {fannedOut.get(), delivered.get(), retried.get(), failed.get()};
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("a webhook sender run is going on in this process already");
        }
        try {
            pruneIfDue();
            Instant idleSince = null;
            boolean orphansChecked = false;
            while (true) {
                wakeUps.drainPermits();
                List<StoredSubscription> known = subscriptions.all();
                int work = fanOut(known);
                work += dispatch(known, holder);
                if (!orphansChecked) {
                    removeOrphans(known);
                    orphansChecked = true;
                }
                progress.accept(report(start));
                Instant now = Instant.now();
                if (work > 0 || inFlightTotal.get() > 0) {
                    idleSince = null;
                } else if (idleSince == null) {
                    idleSince = now;
                } else if (!now.isBefore(idleSince.plus(idleFor))) {
                    break;
                }
                pause();
                if (Thread.currentThread().isInterrupted()) {
                    break; // shutting down: what is claimed is sent again once its claim runs out
                }
            }
            awaitInFlight();
            return report(start);
        } finally {
            running.set(false);
        }
    }

    private Report report(long[] start) {
        return new Report(fannedOut.get() - start[0], delivered.get() - start[1], retried.get() - start[2], failed.get() - start[3]);
    }

    private void pause() {
        try {
            if (wakeUps.tryAcquire(pollMillis, TimeUnit.MILLISECONDS)) {
                wakeUps.drainPermits();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitInFlight() {
        long deadline = System.nanoTime() + claimFor.toNanos();
        while (inFlightTotal.get() > 0 && System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
            pause();
        }
    }

    /** Fans out a batch of the outbox's events; how many. */
    int fanOut(List<StoredSubscription> known) {
        List<StoredEvent> batch = outbox.oldest(FAN_OUT_BATCH);
        for (StoredEvent appended : batch) {
            // the event as first stored: an append retried after its event left the outbox finds it fanned out
            StoredEvent event = events.insertOrFind(appended);
            if (!event.fannedOut()) {
                Date now = new Date();
                for (StoredSubscription subscription : known) {
                    if (subscription.wants(event.type())) {
                        StoredDelivery delivery = deliveries.insertOrFind(StoredDelivery.of(subscription.id(), event, now));
                        if (delivery.state() == DeliveryState.PENDING) {
                            pending.add(delivery.id(), subscription.id(), now);
                        }
                    }
                }
                seams.reached(CartSeam.WEBHOOK_FANNED_OUT, event.id());
                events.markFannedOut(event.id());
                fannedOut.incrementAndGet();
            }
            outbox.remove(event.id());
        }
        return batch.size();
    }

    /** Claims and starts what is due, per subscription up to its free slots; how many started. */
    private int dispatch(List<StoredSubscription> known, String holder) {
        int started = 0;
        Date now = new Date();
        for (StoredSubscription subscription : known) {
            int free = perEndpoint - inFlightOf(subscription.id()).get();
            if (free <= 0) {
                continue;
            }
            for (StoredPending due : pending.due(subscription.id(), now, subscription.enabled() ? free : FAN_OUT_BATCH)) {
                if (pending.claim(due.id(), holder, claimFor, now.toInstant())) {
                    started += start(subscription, due.id(), holder);
                }
            }
        }
        return started;
    }

    /** Deliveries whose subscription was deleted while they were fanned out: nobody will send them. */
    private void removeOrphans(List<StoredSubscription> known) {
        pending.removeOutside(known.stream().map(StoredSubscription::id).toList());
    }

    private AtomicInteger inFlightOf(String subscription) {
        return inFlight.computeIfAbsent(subscription, id -> new AtomicInteger());
    }

    /** Sends one claimed delivery in the background; 1 when a request starts, 0 when there was nothing to send. */
    private int start(StoredSubscription subscription, String id, String holder) {
        StoredDelivery delivery = deliveries.find(id);
        if (delivery == null || delivery.state() != DeliveryState.PENDING) {
            pending.remove(id, holder); // done meanwhile (a redelivery's entry met a finished request)
            return 0;
        }
        Date now = new Date();
        if (!subscription.enabled()) {
            deliveries.failed(id, new StoredDelivery.Attempt(now, null, 0, "not sent: the subscription is disabled"), now);
            pending.remove(id, holder);
            failed.incrementAndGet();
            return 0;
        }
        StoredEvent event = events.find(delivery.eventId());
        if (event == null) {
            deliveries.failed(id, new StoredDelivery.Attempt(now, null, 0, "not sent: the event is no longer kept"), now);
            pending.remove(id, holder);
            failed.incrementAndGet();
            return 0;
        }
        AtomicInteger slots = inFlightOf(subscription.id());
        slots.incrementAndGet();
        inFlightTotal.incrementAndGet();
        requests.execute(() -> send(subscription, delivery, event, holder, slots));
        return 1;
    }

    private void send(StoredSubscription subscription, StoredDelivery delivery, StoredEvent event, String holder, AtomicInteger slots) {
        boolean handedOver = false;
        try {
            seams.reached(CartSeam.WEBHOOK_CLAIMED, delivery.id());
            Date at = new Date();
            URI url = URI.create(subscription.url());
            ReceiverAddresses.Checked address = addresses.check(url);
            if (address.refused()) {
                record(delivery, holder, new StoredDelivery.Attempt(at, null, 0, "not sent: " + address.refusal()));
                return;
            }
            long timestamp = at.getTime() / 1000;
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("content-type", "application/json");
            headers.put("user-agent", USER_AGENT);
            headers.put("webhook-id", event.id());
            headers.put("webhook-timestamp", Long.toString(timestamp));
            headers.put("webhook-signature", WebhookSignatures.sign(subscription.secret(), event.id(), timestamp, event.payload()));
            client.post(url, address.address(), headers, event.payload()).thenAcceptAsync(outcome -> {
                try {
                    seams.reached(CartSeam.WEBHOOK_ANSWERED, delivery.id());
                    record(delivery, holder, new StoredDelivery.Attempt(at, outcome.status(), outcome.latencyMillis(), outcome.error()));
                } catch (RuntimeException e) {
                    LOG.warnf("Delivery %s: its outcome could not be recorded (%s); it is sent again once its claim runs out",
                            delivery.id(), e.toString());
                } finally {
                    released(slots);
                }
            }, requests);
            handedOver = true;
        } catch (RuntimeException e) {
            LOG.warnf("Delivery %s could not be sent (%s); it is sent again once its claim runs out", delivery.id(), e.toString());
        } finally {
            if (!handedOver) {
                released(slots);
            }
        }
    }

    private void released(AtomicInteger slots) {
        slots.decrementAndGet();
        inFlightTotal.decrementAndGet();
        wakeUps.release();
    }

    /** Records an attempt: succeeded, due again after its backoff, or failed past the retry window. */
    private void record(StoredDelivery delivery, String holder, StoredDelivery.Attempt attempt) {
        if (attempt.status() != null && attempt.status() >= 200 && attempt.status() < 300) {
            deliveries.succeeded(delivery.id(), attempt);
            pending.remove(delivery.id(), holder);
            delivered.incrementAndGet();
            return;
        }
        long attempts = 1 + delivery.attempts().stream().filter(a -> !a.at().before(delivery.retryFrom())).count();
        Instant next = retries.next(delivery.retryFrom().toInstant(), attempt.at().toInstant(), attempts);
        if (next == null) {
            deliveries.failed(delivery.id(), attempt, new Date());
            pending.remove(delivery.id(), holder);
            failed.incrementAndGet();
        } else {
            deliveries.retryAt(delivery.id(), attempt, Date.from(next));
            pending.retryAt(delivery.id(), holder, Date.from(next));
            retried.incrementAndGet();
        }
    }

    private void pruneIfDue() {
        Instant now = Instant.now();
        if (now.isBefore(prunedAt.plus(PRUNE_EVERY))) {
            return;
        }
        prunedAt = now;
        Date before = Date.from(now.minus(keepFor));
        long removed = deliveries.prune(before);
        long gone = events.prune(before);
        if (removed + gone > 0) {
            LOG.infof("Pruned %d webhook deliveries and %d events older than %s", removed, gone, keepFor);
        }
    }
}

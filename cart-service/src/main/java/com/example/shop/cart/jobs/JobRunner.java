package com.example.shop.cart.jobs;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.leases.LeaseStore;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunLabels;
import com.example.shop.web.runs.RunPage;
import com.example.shop.web.runs.RunState;
import com.example.shop.web.runs.RunStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Starts job runs in the background and records them, for admin triggers and the schedule alike.
 * A run first takes its job's lease ({@link JobsStore}); while another run holds it (on any
 * replica), a trigger answers that run instead of starting a second. A run takes over the lease of
 * a dead one and records that one failed. It heartbeats only after renewing its lease, and stops
 * when the lease is lost, so a job never shows two live runs (see docs/design.md, Runs). Plain
 * Java over a {@link JobsStore}: tests build a second one on another MongoClient as a second replica.
 */
public class JobRunner implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(JobRunner.class);
    /** How long a trigger that lost the lease waits for the winner's run record to appear. */
    private static final Duration JOIN_WAIT = Duration.ofSeconds(5);
    /** Every job's kind of run. */
    static final Set<String> KINDS = Arrays.stream(JobName.values()).map(JobName::wire).collect(Collectors.toUnmodifiableSet());

    /** A job's work: runs with a threshold, reports counts so far, returns the final counts. */
    @FunctionalInterface
    public interface Work {
        Map<String, Long> run(Duration threshold, Consumer<Map<String, Long>> progress);
    }

    /**
     * A job as the runner knows it: its work and the threshold it runs with unless a run is given another
     * (its {@code cart.*} setting: how long a cart is inactive before it expires, and the like).
     */
    public record Job(Duration threshold, Work work) {
    }

    /** A trigger's outcome: the run that is running now for it, and whether this trigger started it. */
    public record Started(Run run, boolean started) {
    }

    /** Thrown into a run's work at its next progress once its lease is lost: another run may hold the job now. */
    private static final class LeaseLost extends RuntimeException {
        LeaseLost(Duration lease) {
            super("lost its lease on the job (not renewed within " + lease + "): stopped", null, false, false);
        }
    }

    private final RunStore runs;
    private final LeaseStore leases;
    private final Duration lease;
    private final Map<JobName, Job> jobs;
    private final Duration heartbeatEvery;
    private final Duration keepRunsFor;
    private final Clock clock;
    /** The runs this runner is running: alive whatever their heartbeat says. */
    private final Set<String> runningHere = ConcurrentHashMap.newKeySet();
    private final ExecutorService workers;
    private final ScheduledExecutorService heartbeats;

    public JobRunner(JobsStore store, Duration lease, Map<JobName, Job> jobs, Duration heartbeatEvery, Duration keepRunsFor) {
        this.runs = store.runs();
        this.leases = store.leases();
        this.lease = lease;
        this.jobs = new EnumMap<>(jobs);
        this.heartbeatEvery = heartbeatEvery;
        this.keepRunsFor = keepRunsFor;
        this.clock = Clock.systemUTC();
        AtomicInteger threads = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(task -> daemon(task, "job-run-" + threads.incrementAndGet()));
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(task -> daemon(task, "job-heartbeat"));
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * Starts a run of the job with its own threshold, or answers the run of it that is already going on (here or
     * on another replica).
     */
    public Started start(JobName job, RunTrigger trigger) {
        return start(job, trigger, jobs.get(job).threshold());
    }

    /** {@link #start(JobName, RunTrigger)} with another threshold for this run. */
    public Started start(JobName job, RunTrigger trigger, Duration threshold) {
        long deadline = System.nanoTime() + JOIN_WAIT.toNanos();
        while (true) {
            String id = RunStore.newId();
            Optional<LeaseStore.Taken> taken = leases.take(job.wire(), id, lease, clock.instant());
            if (taken.isPresent()) {
                // The start is when the lease was held, not when it was asked for: a trigger that waited
                // for it (descheduled between the two) must not record a start before the previous run's end.
                Instant started = clock.instant();
                // The previous holder's lease ran out without it finishing: its replica died.
                taken.get().previousHolder().ifPresent(dead -> runs.failAbandoned(dead, started));
                runningHere.add(id);
                try {
                    Run run = runs.start(id, job.wire(), Map.of(RunLabels.TRIGGER, trigger.wire()), Map.of(), started);
                    workers.execute(() -> execute(job, id, threshold));
                    return new Started(run, true);
                } catch (RuntimeException e) {
                    runningHere.remove(id);
                    throw e;
                }
            }
            // Another run holds the lease; its record is written right after it took the lease.
            Optional<Run> running = leases.holder(job.wire(), clock.instant()).flatMap(this::find);
            if (running.isPresent() && running.get().state().equals(RunState.RUNNING.wire())) {
                return new Started(running.get(), false);
            }
            if (System.nanoTime() > deadline) {
                // The holder took the lease and died before recording its run: the lease expires on its own.
                throw CartProblems.jobLeaseUnrecorded(job.wire(), lease.toSeconds());
            }
            pause();
        }
    }

    /** The run of a job with this id, as it stands. */
    public Optional<Run> find(String id) {
        return runs.find(id, KINDS, runningHere, clock.instant());
    }

    /** A page of runs of {@code job} (of every job when null), newest first; {@code cursor} is the previous page's {@code next}. */
    public RunPage page(JobName job, String cursor, int limit) {
        return runs.page(job == null ? KINDS : Set.of(job.wire()), Map.of(), cursor, limit, runningHere, clock.instant());
    }

    private void execute(JobName job, String id, Duration threshold) {
        AtomicReference<Map<String, Long>> counts = new AtomicReference<>(Map.of());
        AtomicBoolean lost = new AtomicBoolean();
        ScheduledFuture<?> heartbeat = heartbeats.scheduleWithFixedDelay(() -> beat(job, id, counts, lost),
                heartbeatEvery.toMillis(), heartbeatEvery.toMillis(), TimeUnit.MILLISECONDS);
        RunState state = RunState.SUCCEEDED;
        String error = null;
        try {
            counts.set(jobs.get(job).work().run(threshold, soFar -> {
                counts.set(new LinkedHashMap<>(soFar));
                if (lost.get()) {
                    throw new LeaseLost(lease);
                }
            }));
        } catch (RuntimeException e) {
            state = RunState.FAILED;
            error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            LOG.warnf("Job %s run %s failed: %s", job.wire(), id, error);
        } finally {
            heartbeat.cancel(false);
        }
        try {
            Instant now = clock.instant();
            runs.finish(id, state, counts.get(), error == null ? List.of() : List.of(RunStore.failure(error)), now);
            leases.release(job.wire(), id);
            runs.prune(job.wire(), keepRunsFor, now);
        } catch (RuntimeException e) {
            // The database went away at the very end: the lease expires and the run is shown failed once found stale.
            LOG.warnf("Job %s run %s finished as %s but could not be recorded: %s", job.wire(), id, state.wire(), e.getMessage());
        } finally {
            runningHere.remove(id);
        }
    }

    /** Renews the run's lease, then records the counts so far; a lease lost stops the run at its next progress. */
    private void beat(JobName job, String id, AtomicReference<Map<String, Long>> counts, AtomicBoolean lost) {
        if (lost.get()) {
            return;
        }
        try {
            Instant now = clock.instant();
            if (!leases.renew(job.wire(), id, lease, now)) {
                lost.set(true);
                LOG.warnf("Job %s run %s lost its lease (it went unrenewed for longer than %s); it stops", job.wire(), id, lease);
                return;
            }
            runs.heartbeat(id, counts.get(), now);
        } catch (RuntimeException e) {
            LOG.warnf("Job %s run %s: heartbeat failed: %s", job.wire(), id, e.getMessage());
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a job run", e);
        }
    }

    @Override
    public void close() {
        heartbeats.shutdownNow();
        workers.shutdownNow();
    }
}

package com.example.shop.cart.jobs;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.runs.RunState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Starts job runs in the background and records them ({@link JobRuns}), for admin triggers and
 * the schedule alike:
 * <ol>
 * <li>take the job's lease for a new run id; if another run holds it (on any replica), answer
 * that run instead of starting a second one;</li>
 * <li>record the run as running, and answer at once: the work goes on in a thread of this
 * service, whatever the client that triggered it does;</li>
 * <li>every heartbeat, record the counts so far and renew the lease;</li>
 * <li>at the end, record succeeded (or failed, with the error) and the final counts, and release
 * the lease.</li>
 * </ol>
 * Plain Java over a {@link JobRuns}: tests build a second one on another MongoClient to act as a
 * second replica.
 */
public class JobRunner implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(JobRunner.class);
    /** How long a trigger that lost the lease waits for the winner's run record to appear. */
    private static final Duration JOIN_WAIT = Duration.ofSeconds(5);

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
    public record Started(JobRunView run, boolean started) {
    }

    private final JobRuns runs;
    private final Map<JobName, Job> jobs;
    private final Duration heartbeatEvery;
    private final Duration keepRunsFor;
    private final Clock clock;
    private final ExecutorService workers;
    private final ScheduledExecutorService heartbeats;

    public JobRunner(JobRuns runs, Map<JobName, Job> jobs, Duration heartbeatEvery, Duration keepRunsFor) {
        this.runs = runs;
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
            String id = JobRuns.newId();
            Instant now = clock.instant();
            Optional<String> taken = runs.tryLease(job, id, now);
            if (taken.isPresent()) {
                // The start is when the lease was held, not when it was asked for: a trigger that waited
                // for it (descheduled between the two) must not record a start before the previous run's end.
                Instant started = clock.instant();
                if (!taken.get().isEmpty()) {
                    // The previous holder's lease ran out without it finishing: its replica died.
                    runs.abandon(taken.get(), started);
                }
                runs.insert(id, job, trigger, started);
                JobRunView view = runs.find(id).orElseThrow();
                workers.execute(() -> execute(job, id, threshold));
                return new Started(view, true);
            }
            // Another run holds the lease; its record is written right after it took the lease.
            Optional<JobRunView> running = runs.leaseHolder(job).flatMap(runs::find);
            if (running.isPresent() && running.get().state().equals(JobRuns.RUNNING)) {
                return new Started(running.get(), false);
            }
            if (System.nanoTime() > deadline) {
                // The holder took the lease and died before recording its run: the lease expires on its own.
                throw CartProblems.jobLeaseUnrecorded(job.wire(), runs.lease().toSeconds());
            }
            pause();
        }
    }

    private void execute(JobName job, String id, Duration threshold) {
        AtomicReference<Map<String, Long>> counts = new AtomicReference<>(Map.of());
        ScheduledFuture<?> heartbeat = heartbeats.scheduleWithFixedDelay(() -> beat(job, id, counts),
                heartbeatEvery.toMillis(), heartbeatEvery.toMillis(), TimeUnit.MILLISECONDS);
        RunState state = RunState.SUCCEEDED;
        String error = null;
        try {
            counts.set(jobs.get(job).work().run(threshold, soFar -> counts.set(new LinkedHashMap<>(soFar))));
        } catch (RuntimeException e) {
            state = RunState.FAILED;
            error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            LOG.warnf("Job %s run %s failed: %s", job.wire(), id, error);
        } finally {
            heartbeat.cancel(false);
        }
        try {
            Instant now = clock.instant();
            runs.finish(id, state, counts.get(), error, now);
            runs.release(job, id);
            runs.prune(job, keepRunsFor, now);
        } catch (RuntimeException e) {
            // The database went away at the very end: the lease expires and the run is shown as abandoned.
            LOG.warnf("Job %s run %s finished as %s but could not be recorded: %s", job.wire(), id, state.wire(), e.getMessage());
        }
    }

    private void beat(JobName job, String id, AtomicReference<Map<String, Long>> counts) {
        try {
            Instant now = clock.instant();
            runs.heartbeat(id, counts.get(), now);
            if (!runs.renew(job, id, now)) {
                LOG.warnf("Job %s run %s lost its lease (it went unrenewed for longer than %s)", job.wire(), id, runs.lease());
            }
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

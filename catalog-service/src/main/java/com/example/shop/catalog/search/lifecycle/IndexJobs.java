package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.bulk.BulkConfig;
import com.example.shop.web.identifiers.Identifiers;
import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunLabels;
import com.example.shop.web.runs.RunState;
import com.example.shop.web.runs.RunStore;
import com.mongodb.client.MongoDatabase;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Runs the index's admin jobs (verify, rebuild) on threads of their own, each recorded as a run
 * (web-support's {@link RunStore}) so that any replica answers its resource; the run's labels name
 * the replica whose index it is. One job of each kind at a time on a replica: a second start is a
 * 409 naming the running one. The counts so far go out with every heartbeat.
 */
@ApplicationScoped
class IndexJobs {

    /** The label naming the replica whose index a run is about (host:port). */
    static final String REPLICA = "replica";
    private static final String STALE_DETAIL = "The replica stopped during the run (no sign of life since its heartbeat); start it again";
    private static final Logger LOG = Logger.getLogger(IndexJobs.class);

    /** A kind of job: its runs' kind, and its name in messages and problem types. */
    enum Kind {
        VERIFY("index-verify", "verify"),
        REBUILD("index-rebuild", "rebuild");

        final String run;
        final String title;

        Kind(String run, String title) {
            this.run = run;
            this.title = title;
        }
    }

    /** What a job found or did: counts beside {@code done} and {@code total}, and problems (a verify's differences). */
    record Outcome(Map<String, Long> counts, List<Problem> problems) {
    }

    /** A job: does its work, telling {@code progress} how far it is. */
    interface Job {
        Outcome run(Progress progress) throws Exception;
    }

    /** How far a running job is: {@code done} of {@code total} products in its current step. */
    static final class Progress {
        private volatile long done;
        private volatile long total;

        /** A step begins: {@code done} of {@code total} (an estimate). */
        void step(long done, long total) {
            this.done = done;
            this.total = total;
        }

        void done(long done) {
            this.done = done;
        }

        Map<String, Long> counts() {
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("done", done);
            counts.put("total", total);
            return counts;
        }
    }

    private final RunStore runs;
    private final ProductIndex index;
    private final Duration heartbeatEvery;
    private final String replica;
    private final Map<Kind, String> busy = new ConcurrentHashMap<>();
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "search-index-run-heartbeat");
        thread.setDaemon(true);
        return thread;
    });

    IndexJobs(MongoDatabase database, ProductIndex index, BulkConfig config, @ConfigProperty(name = "quarkus.http.port") int port) {
        this.runs = new RunStore(database, config.staleAfter(), STALE_DETAIL);
        this.index = index;
        this.heartbeatEvery = config.heartbeatEvery();
        String host = System.getenv("HOSTNAME");
        this.replica = (host == null || host.isBlank() ? "localhost" : host) + ":" + port;
    }

    /**
     * Records a run of {@code kind} with these labels beside its trigger and replica, and starts
     * {@code job} on a thread of its own; the run as it stands at the start. A 503 while the index
     * is still being built at start-up.
     */
    Run start(Kind kind, Map<String, String> labels, Job job) {
        if (!index.isUsable()) {
            throw Problems.unavailable(ProductIndex.DEPENDENCY, "The search index of this replica is being built; retry shortly");
        }
        String id = RunStore.newId();
        String running = busy.putIfAbsent(kind, id);
        if (running != null) {
            throw Problems.conflict("search-index-" + kind.title + "-running", "Search index " + kind.title + " running",
                    "Run '" + running + "' (" + kind.title + ") is still running on this replica; one " + kind.title
                            + " runs at a time. Retry when it has finished.").with("run", running);
        }
        try {
            Progress progress = new Progress();
            Map<String, String> all = new LinkedHashMap<>();
            all.put(RunLabels.TRIGGER, RunLabels.MANUAL);
            all.put(REPLICA, replica);
            all.putAll(labels);
            Run started = runs.start(id, kind.run, all, progress.counts(), Instant.now());
            Thread thread = new Thread(() -> execute(kind, id, progress, job), "search-index-" + kind.title);
            thread.setDaemon(true);
            thread.start();
            return started;
        } catch (RuntimeException e) {
            busy.remove(kind, id);
            throw e;
        }
    }

    private void execute(Kind kind, String id, Progress progress, Job job) {
        long every = heartbeatEvery.toMillis();
        ScheduledFuture<?> heartbeat = heartbeats.scheduleAtFixedRate(() -> beat(id, progress), every, every, TimeUnit.MILLISECONDS);
        Outcome outcome = null;
        String error = null;
        try {
            outcome = job.run(progress);
        } catch (Exception e) {
            LOG.warnf(e, "Search index %s run %s failed", kind.title, id);
            error = "The " + kind.title + " stopped: " + e;
        } finally {
            heartbeat.cancel(false);
            // the replica is free before the run shows its end: a client that starts the next run as soon
            // as it sees this one finished is not refused as busy
            busy.remove(kind, id);
        }
        try {
            Map<String, Long> counts = progress.counts();
            if (outcome != null) {
                counts.putAll(outcome.counts());
            }
            runs.finish(id, error == null ? RunState.SUCCEEDED : RunState.FAILED, counts,
                    error == null ? outcome.problems() : List.of(RunStore.failure(error)), Instant.now());
        } catch (RuntimeException e) {
            LOG.warnf("The end of search index run %s was not recorded (%s); it shows as failed once found stale", id, e.toString());
        }
    }

    /** Called by this replica while it runs the job: a stale mark another replica set meanwhile is lifted. */
    private void beat(String id, Progress progress) {
        try {
            runs.heartbeat(id, progress.counts(), Instant.now());
        } catch (RuntimeException e) {
            LOG.debugf("Search index run heartbeat not recorded: %s", e);
        }
    }

    /** The run {@code id} of {@code kind}: a 400 naming {@code id} when it cannot be a run's id, a 404 when there is none. */
    Run find(Kind kind, String id) {
        if (!Identifiers.isObjectId(id)) {
            throw Problems.invalidField("id", "Path parameter 'id' must be a run's id: 24 hexadecimal digits, lower case");
        }
        // a run of this replica is alive whatever its heartbeat says: a busy database can hold the beats back
        return runs.find(id, Set.of(kind.run), Set.copyOf(busy.values()), Instant.now()).orElseThrow(() -> new ProblemException(
                Problem.of(404, "unknown-search-index-run", "Unknown search index run",
                        "No search index " + kind.title + " run '" + id + "'")));
    }

    void stop(@Observes ShutdownEvent stopped) {
        heartbeats.shutdownNow();
    }
}

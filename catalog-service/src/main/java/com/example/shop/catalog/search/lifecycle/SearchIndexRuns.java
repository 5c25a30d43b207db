package com.example.shop.catalog.search.lifecycle;

import com.example.shop.catalog.search.feed.SearchStore;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.problems.Problem;
import com.example.shop.problems.ProblemException;
import com.example.shop.problems.Problems;
import com.example.shop.web.bulk.BulkConfig;
import com.example.shop.web.identifiers.Identifiers;
import com.example.shop.web.runs.HeartbeatRunStore;
import com.example.shop.web.runs.RunState;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The runs of the index's admin jobs (verify, rebuild), recorded as the bulk imports record theirs
 * ({@link HeartbeatRunStore}, where the stale rule is): in {@code search_index_runs}, so that any
 * replica answers a run's resource (each run names the replica whose index it is about), with live
 * progress and a heartbeat. One run of each kind at a time on a replica: a second start is a 409
 * naming the running one. A run whose process died stops its heartbeat and is shown as failed after
 * {@code shop.bulk.stale-after}; never by the replica running it, and a run marked so by another
 * replica while it was alive comes back with its next heartbeat.
 * <pre>
 * search_index_runs {_id: hex id, kind, state, replica, progress: {phase, done, total},
 *                    started_at, heartbeat_at, finished_at?, verify?: {...}, rebuild?: {...}, error?, found_stale?}
 * </pre>
 * ({@link StoredIndexRun} names the fields of its own, writes them and reads the run resource from them.)
 */
@ApplicationScoped
class SearchIndexRuns {

    /** The kinds of run; each stores its report under its kind's name. */
    static final String VERIFY = "verify";
    static final String REBUILD = "rebuild";
    private static final String STALE_ERROR = "The replica stopped during the run (no sign of life since its heartbeat); start it again";
    private static final Logger LOG = Logger.getLogger(SearchIndexRuns.class);

    /** A job: does its work, telling {@code run} how far it is, and returns its report as stored ({@link StoredIndexRun}). */
    interface Job {
        Document run(Run run) throws Exception;
    }

    /** A running run: its progress, recorded with every heartbeat. */
    static final class Run {
        private final String id;
        private volatile String phase;
        private volatile long done;
        private volatile long total;

        private Run(String id, String phase) {
            this.id = id;
            this.phase = phase;
        }

        String id() {
            return id;
        }

        void progress(String phase, long done, long total) {
            this.phase = phase;
            this.done = done;
            this.total = total;
        }

        void done(long done) {
            this.done = done;
        }

        private SearchIndexRun.Progress progress() {
            return new SearchIndexRun.Progress(phase, done, total);
        }
    }

    private final HeartbeatRunStore runs;
    private final ProductIndex index;
    private final Duration heartbeatEvery;
    private final String replica;
    private final Map<String, String> busy = new ConcurrentHashMap<>();
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "search-index-run-heartbeat");
        thread.setDaemon(true);
        return thread;
    });

    SearchIndexRuns(SearchStore store, ProductIndex index, BulkConfig config, @ConfigProperty(name = "quarkus.http.port") int port) {
        this.runs = new HeartbeatRunStore(store.runs(), config.staleAfter(), STALE_ERROR);
        this.index = index;
        this.heartbeatEvery = config.heartbeatEvery();
        String host = System.getenv("HOSTNAME");
        this.replica = (host == null || host.isBlank() ? "localhost" : host) + ":" + port;
    }

    /**
     * Records a run of {@code kind} and starts {@code job} on a thread of its own; the run as it
     * stands at the start. A 503 while the index is still being built at start-up.
     */
    SearchIndexRun start(String kind, String firstPhase, Job job) {
        if (!index.isUsable()) {
            throw Problems.unavailable(ProductIndex.DEPENDENCY, "The search index of this replica is being built; retry shortly");
        }
        String id = new ObjectId().toHexString();
        String running = busy.putIfAbsent(kind, id);
        if (running != null) {
            throw Problems.conflict("search-index-" + kind + "-running", "Search index " + kind + " running",
                    "Run '" + running + "' (" + kind + ") is still running on this replica; one " + kind
                            + " runs at a time. Retry when it has finished.").with("run", running);
        }
        try {
            Run run = new Run(id, firstPhase);
            Document started = runs.start(id, kind, StoredIndexRun.startFields(replica, run.progress()), Instant.now());
            Thread thread = new Thread(() -> execute(kind, run, job), "search-index-" + kind);
            thread.setDaemon(true);
            thread.start();
            return StoredIndexRun.view(started);
        } catch (RuntimeException e) {
            busy.remove(kind, id);
            throw e;
        }
    }

    private void execute(String kind, Run run, Job job) {
        long every = heartbeatEvery.toMillis();
        ScheduledFuture<?> heartbeat = heartbeats.scheduleAtFixedRate(() -> beat(run), every, every, TimeUnit.MILLISECONDS);
        Document result = null;
        String error = null;
        try {
            result = job.run(run);
        } catch (Exception e) {
            LOG.warnf(e, "Search index %s run %s failed", kind, run.id());
            error = "The " + kind + " stopped: " + e;
        } finally {
            heartbeat.cancel(false);
            // the replica is free before the run shows its end: a client that starts the next run as soon
            // as it sees this one finished is not refused as busy
            busy.remove(kind, run.id());
        }
        try {
            Document ended = StoredIndexRun.progressFields(run.progress());
            if (result != null) {
                ended.append(kind, result);
            }
            runs.finish(run.id(), error == null ? RunState.SUCCEEDED : RunState.FAILED, ended, error, Instant.now());
        } catch (RuntimeException e) {
            LOG.warnf("The end of search index run %s was not recorded (%s); it shows as failed once found stale",
                    run.id(), e.toString());
        }
    }

    /** Called by this replica while it runs {@code run}: a stale mark another replica set meanwhile is lifted. */
    private void beat(Run run) {
        try {
            runs.heartbeat(run.id(), StoredIndexRun.progressFields(run.progress()), Instant.now());
        } catch (RuntimeException e) {
            LOG.debugf("Search index run heartbeat not recorded: %s", e);
        }
    }

    /** The run {@code id} of {@code kind}: a 400 naming {@code id} when it cannot be a run's id, a 404 when there is none. */
    SearchIndexRun find(String kind, String id) {
        if (!Identifiers.isObjectId(id)) {
            throw Problems.invalidField("id", "Path parameter 'id' must be a run's id: 24 hexadecimal digits, lower case");
        }
        // a run of this replica is alive whatever its heartbeat says: a busy database can hold the beats back
        Document run = runs.find(kind, id, Set.copyOf(busy.values()), Instant.now());
        if (run == null) {
            throw new ProblemException(Problem.of(404, "unknown-search-index-run", "Unknown search index run",
                    "No search index " + kind + " run '" + id + "'"));
        }
        return StoredIndexRun.view(run);
    }

    void stop(@Observes ShutdownEvent stopped) {
        heartbeats.shutdownNow();
    }
}

package com.example.shop.cart.jobs;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.runs.RunState;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * Job runs and the per-job lease, in the cart database so that every replica sees them.
 * <pre>
 * job_runs   {_id: hex id, job, trigger, state: running|succeeded|failed, counts: {...},
 *             started_at, finished_at, heartbeat_at, error?}     {@link StoredRun}
 * job_leases {_id: job, run_id, expires_at}        one document per job: {@link StoredLease}
 * </pre>
 * The lease is what keeps a job from running twice at once on any replica. It is taken with one
 * guarded upsert: {@code findOneAndUpdate({_id: job, expires_at < now}, {$set: {run_id, expires_at}},
 * upsert)}. While another run holds it (not expired) the filter matches nothing, the upsert tries
 * to insert a second document with the same {@code _id} and fails on the unique {@code _id}: the
 * caller learns who holds it. The holder renews it with its heartbeat; a holder that died stops
 * renewing, its lease expires, and the next taker records that run as failed (abandoned).
 * <p>Not web-support's {@code HeartbeatRunStore} (the imports' and the search index's runs), because
 * here the lease is what says a run is alive: a run silent for longer than the lease has lost it, and
 * another run of the job may hold it now. So any replica, the one running it included, records such a
 * run as abandoned, and that is final (every later write is guarded {@code state: running}, with no
 * {@code found_stale} to come back from): a run that came back would show two runs of one job at once.
 * Plain MongoDB operations on a {@link JobsStore}: tests build a second instance on another
 * client to act as a second replica.
 */
public class JobRuns {

    static final String RUNNING = RunState.RUNNING.wire();

    private final MongoCollection<Document> runs;
    private final MongoCollection<Document> leases;
    private final Duration lease;

    public JobRuns(JobsStore store, Duration lease) {
        this.runs = store.runs();
        this.leases = store.leases();
        this.lease = lease;
    }

    Duration lease() {
        return lease;
    }

    /**
     * Takes the job's lease for a new run. Empty when another run holds it; otherwise the id of the
     * run that held an expired lease, if any (it died), or an empty string.
     */
    Optional<String> tryLease(JobName job, String runId, Instant now) {
        try {
            Document before = leases.findOneAndUpdate(
                    and(eq(StoredLease.JOB, job.wire()), lt(StoredLease.EXPIRES_AT, Date.from(now))),
                    combine(set(StoredLease.RUN_ID, runId), set(StoredLease.EXPIRES_AT, Date.from(now.plus(lease)))),
                    new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.BEFORE));
            return Optional.of(before == null ? "" : StoredLease.of(before).runId());
        } catch (MongoException e) {
            if (ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** The run that holds the job's lease now, if any. */
    Optional<String> leaseHolder(JobName job) {
        Document held = leases.find(eq(StoredLease.JOB, job.wire())).first();
        return held == null ? Optional.empty() : Optional.ofNullable(StoredLease.of(held).runId());
    }

    /** Extends the lease of a run that still holds it; false when it was lost (expired and taken). */
    boolean renew(JobName job, String runId, Instant now) {
        return leases.updateOne(and(eq(StoredLease.JOB, job.wire()), eq(StoredLease.RUN_ID, runId)),
                set(StoredLease.EXPIRES_AT, Date.from(now.plus(lease)))).getMatchedCount() == 1;
    }

    void release(JobName job, String runId) {
        leases.deleteOne(and(eq(StoredLease.JOB, job.wire()), eq(StoredLease.RUN_ID, runId)));
    }

    void insert(String runId, JobName job, RunTrigger trigger, Instant startedAt) {
        runs.insertOne(StoredRun.started(runId, job, trigger, Date.from(startedAt)).toDocument());
    }

    /** Records the counts so far and that the run is alive. */
    void heartbeat(String runId, Map<String, Long> counts, Instant now) {
        runs.updateOne(running(runId), combine(set(StoredRun.COUNTS, new Document(counts)), set(StoredRun.HEARTBEAT_AT, Date.from(now))));
    }

    /** Ends a running run; guarded so that a run already recorded as abandoned stays so. */
    void finish(String runId, RunState state, Map<String, Long> counts, String error, Instant now) {
        List<Bson> changes = new ArrayList<>(List.of(set(StoredRun.STATE, state.wire()), set(StoredRun.COUNTS, new Document(counts)),
                set(StoredRun.FINISHED_AT, Date.from(now)), set(StoredRun.HEARTBEAT_AT, Date.from(now))));
        if (error != null) {
            changes.add(set(StoredRun.ERROR, error));
        }
        runs.updateOne(running(runId), combine(changes));
    }

    /** A run whose replica died before it finished: failed, with its counts as last recorded. */
    void abandon(String runId, Instant now) {
        runs.updateOne(running(runId), combine(set(StoredRun.STATE, RunState.FAILED.wire()),
                set(StoredRun.FINISHED_AT, Date.from(now)),
                set(StoredRun.ERROR, "abandoned: the instance running it stopped before it finished")));
    }

    /** {@code {_id: runId, state: running}}: the guard of every write after the insert. */
    private static Bson running(String runId) {
        return and(eq(StoredRun.ID, runId), eq(StoredRun.STATE, RUNNING));
    }

    /** Drops finished runs of the job older than {@code keepFor}. */
    void prune(JobName job, Duration keepFor, Instant now) {
        runs.deleteMany(and(eq(StoredRun.JOB, job.wire()), lt(StoredRun.FINISHED_AT, Date.from(now.minus(keepFor)))));
    }

    Optional<JobRunView> find(String runId) {
        Document run = runs.find(eq(StoredRun.ID, runId)).first();
        return Optional.ofNullable(run).map(StoredRun::of).map(this::current).map(StoredRun::view);
    }

    /**
     * One page of runs of {@code job} (of every job when null), newest first (by start, then id), with the
     * cursor of the next page; {@code after} is the last run of the previous page (null for the first).
     */
    JobRunView.Page page(JobName job, int size, RunPosition after) {
        // One more than asked: whether there is a next page, without a count.
        List<JobRunView> found = newestFirst(job, size + 1, after);
        if (found.size() <= size) {
            return new JobRunView.Page(found, null);
        }
        List<JobRunView> page = found.subList(0, size);
        return new JobRunView.Page(page, RunPosition.of(page.get(size - 1)).cursor());
    }

    private List<JobRunView> newestFirst(JobName job, int limit, RunPosition after) {
        List<Bson> filters = new ArrayList<>();
        if (job != null) {
            filters.add(eq(StoredRun.JOB, job.wire()));
        }
        if (after != null) {
            Date started = Date.from(after.startedAt());
            filters.add(or(lt(StoredRun.STARTED_AT, started), and(eq(StoredRun.STARTED_AT, started), lt(StoredRun.ID, after.id()))));
        }
        List<JobRunView> page = new ArrayList<>();
        runs.find(filters.isEmpty() ? new Document() : and(filters))
                .sort(Sorts.descending(StoredRun.STARTED_AT, StoredRun.ID)).limit(limit)
                .forEach(run -> page.add(current(StoredRun.of(run)).view()));
        return page;
    }

    /**
     * The run as it stands: a run still marked running whose heartbeat stopped for longer than the
     * lease lost its replica, and is recorded (once, guarded) as abandoned before it is shown.
     */
    private StoredRun current(StoredRun run) {
        Instant now = Instant.now();
        if (run.silentSince(now, lease)) {
            abandon(run.id(), now);
            Document again = runs.find(eq(StoredRun.ID, run.id())).first();
            return again == null ? run : StoredRun.of(again);
        }
        return run;
    }

    static String newId() {
        return new ObjectId().toHexString();
    }

    /** Where a page ends: the start and id of its last run; the opaque cursor of the next page. */
    record RunPosition(Instant startedAt, String id) {

        private static final java.util.regex.Pattern CURSOR = java.util.regex.Pattern.compile("^(\\d{1,15}):([0-9a-f]{24})$");

        static RunPosition of(JobRunView run) {
            return new RunPosition(run.startedAt(), run.id());
        }

        String cursor() {
            return java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((startedAt.toEpochMilli() + ":" + id).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }

        /** Empty when the text is not a cursor this service wrote. */
        static Optional<RunPosition> fromCursor(String cursor) {
            try {
                String text = new String(java.util.Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.US_ASCII);
                java.util.regex.Matcher m = CURSOR.matcher(text);
                if (!m.matches()) {
                    return Optional.empty();
                }
                return Optional.of(new RunPosition(Instant.ofEpochMilli(Long.parseLong(m.group(1))), m.group(2)));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
    }
}

package com.example.shop.cart.jobs;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

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
import java.util.LinkedHashMap;
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
 *             started_at, finished_at, heartbeat_at, error?}
 * job_leases {_id: job, run_id, expires_at}        one document per job
 * </pre>
 * The lease is what keeps a job from running twice at once on any replica. It is taken with one
 * guarded upsert: {@code findOneAndUpdate({_id: job, expires_at < now}, {$set: {run_id, expires_at}},
 * upsert)}. While another run holds it (not expired) the filter matches nothing, the upsert tries
 * to insert a second document with the same {@code _id} and fails on the unique {@code _id}: the
 * caller learns who holds it. The holder renews it with its heartbeat; a holder that died stops
 * renewing, its lease expires, and the next taker records that run as failed (abandoned).
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
                    and(eq("_id", job.wire()), lt("expires_at", Date.from(now))),
                    combine(set("run_id", runId), set("expires_at", Date.from(now.plus(lease)))),
                    new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.BEFORE));
            return Optional.of(before == null ? "" : before.getString("run_id"));
        } catch (MongoException e) {
            if (ErrorCategory.fromErrorCode(e.getCode()) == ErrorCategory.DUPLICATE_KEY) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** The run that holds the job's lease now, if any. */
    Optional<String> leaseHolder(JobName job) {
        Document held = leases.find(eq("_id", job.wire())).first();
        return held == null ? Optional.empty() : Optional.ofNullable(held.getString("run_id"));
    }

    /** Extends the lease of a run that still holds it; false when it was lost (expired and taken). */
    boolean renew(JobName job, String runId, Instant now) {
        return leases.updateOne(and(eq("_id", job.wire()), eq("run_id", runId)),
                set("expires_at", Date.from(now.plus(lease)))).getMatchedCount() == 1;
    }

    void release(JobName job, String runId) {
        leases.deleteOne(and(eq("_id", job.wire()), eq("run_id", runId)));
    }

    void insert(String runId, JobName job, RunTrigger trigger, Instant startedAt) {
        Date started = Date.from(startedAt);
        runs.insertOne(new Document("_id", runId).append("job", job.wire()).append("trigger", trigger.wire())
                .append("state", RUNNING).append("counts", new Document()).append("started_at", started)
                .append("finished_at", null).append("heartbeat_at", started));
    }

    /** Records the counts so far and that the run is alive. */
    void heartbeat(String runId, Map<String, Long> counts, Instant now) {
        runs.updateOne(and(eq("_id", runId), eq("state", RUNNING)),
                combine(set("counts", new Document(counts)), set("heartbeat_at", Date.from(now))));
    }

    /** Ends a running run; guarded so that a run already recorded as abandoned stays so. */
    void finish(String runId, RunState state, Map<String, Long> counts, String error, Instant now) {
        List<Bson> changes = new ArrayList<>(List.of(set("state", state.wire()), set("counts", new Document(counts)),
                set("finished_at", Date.from(now)), set("heartbeat_at", Date.from(now))));
        if (error != null) {
            changes.add(set("error", error));
        }
        runs.updateOne(and(eq("_id", runId), eq("state", RUNNING)), combine(changes));
    }

    /** A run whose replica died before it finished: failed, with its counts as last recorded. */
    void abandon(String runId, Instant now) {
        runs.updateOne(and(eq("_id", runId), eq("state", RUNNING)), combine(set("state", RunState.FAILED.wire()),
                set("finished_at", Date.from(now)),
                set("error", "abandoned: the instance running it stopped before it finished")));
    }

    /** Drops finished runs of the job older than {@code keepFor}. */
    void prune(JobName job, Duration keepFor, Instant now) {
        runs.deleteMany(and(eq("job", job.wire()), lt("finished_at", Date.from(now.minus(keepFor)))));
    }

    Optional<JobRunView> find(String runId) {
        Document run = runs.find(eq("_id", runId)).first();
        return Optional.ofNullable(run).map(this::current).map(JobRuns::view);
    }

    /** Newest first (by start, then id); {@code after} is the last run of the previous page. */
    List<JobRunView> page(JobName job, int limit, RunPosition after) {
        List<Bson> filters = new ArrayList<>();
        if (job != null) {
            filters.add(eq("job", job.wire()));
        }
        if (after != null) {
            Date started = Date.from(after.startedAt());
            filters.add(or(lt("started_at", started), and(eq("started_at", started), lt("_id", after.id()))));
        }
        List<JobRunView> page = new ArrayList<>();
        runs.find(filters.isEmpty() ? new Document() : and(filters))
                .sort(Sorts.descending("started_at", "_id")).limit(limit)
                .forEach(run -> page.add(view(current(run))));
        return page;
    }

    /**
     * The run as it stands: a run still marked running whose heartbeat stopped for longer than the
     * lease lost its replica, and is recorded (once, guarded) as abandoned before it is shown.
     */
    private Document current(Document run) {
        Date heartbeat = run.getDate("heartbeat_at");
        Instant now = Instant.now();
        if (RUNNING.equals(run.getString("state")) && heartbeat != null
                && heartbeat.toInstant().plus(lease).isBefore(now)) {
            abandon(run.getString("_id"), now);
            Document again = runs.find(eq("_id", run.getString("_id"))).first();
            return again == null ? run : again;
        }
        return run;
    }

    private static JobRunView view(Document run) {
        Map<String, Long> counts = new LinkedHashMap<>();
        Document stored = run.get("counts", Document.class);
        if (stored != null) {
            stored.forEach((name, value) -> counts.put(name, value instanceof Number n ? n.longValue() : 0L));
        }
        Date finished = run.getDate("finished_at");
        return new JobRunView(run.getString("_id"), run.getString("job"), run.getString("trigger"),
                run.getString("state"), counts, run.getDate("started_at").toInstant(),
                finished == null ? null : finished.toInstant(), run.getString("error"));
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

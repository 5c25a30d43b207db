package com.example.shop.cart.jobs;

import com.example.shop.web.WireName;
import com.example.shop.web.runs.RunState;
import java.time.Instant;
import java.time.Duration;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.Document;

/**
 * A job run's document, collection {@code job_runs}, as a typed value; the field names are here and
 * nowhere else:
 * <pre>
 * job_runs {_id: hex id, job, trigger, state: running|succeeded|failed, counts: {name: n},
 *           started_at, finished_at (null while running), heartbeat_at, error?}
 * </pre>
 */
record StoredRun(String id, JobName job, RunTrigger trigger, RunState state, Map<String, Long> counts, Date startedAt,
                 Date finishedAt, Date heartbeatAt, String error) {

    static final String ID = "_id";
    static final String JOB = "job";
    static final String TRIGGER = "trigger";
    static final String STATE = "state";
    static final String COUNTS = "counts";
    static final String STARTED_AT = "started_at";
    static final String FINISHED_AT = "finished_at";
    static final String HEARTBEAT_AT = "heartbeat_at";
    static final String ERROR = "error";

    StoredRun {
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts)); // in the order recorded, as shown
    }

    static StoredRun of(Document doc) {
        Map<String, Long> counts = new LinkedHashMap<>();
        Document stored = doc.get(COUNTS, Document.class);
        if (stored != null) {
            stored.forEach((name, value) -> counts.put(name, value instanceof Number n ? n.longValue() : 0L));
        }
        return new StoredRun(doc.getString(ID), WireName.stored(JobName.class, doc.getString(JOB)),
                WireName.stored(RunTrigger.class, doc.getString(TRIGGER)),
                WireName.stored(RunState.class, doc.getString(STATE)), counts,
                doc.getDate(STARTED_AT), doc.getDate(FINISHED_AT), doc.getDate(HEARTBEAT_AT), doc.getString(ERROR));
    }

    /** A run that starts now: no counts yet, {@code finished_at} null, its first heartbeat its start. */
    static StoredRun started(String id, JobName job, RunTrigger trigger, Date startedAt) {
        return new StoredRun(id, job, trigger, RunState.RUNNING, Map.of(), startedAt, null, startedAt, null);
    }

    /** The document as stored: {@code finished_at} present (null while running), {@code error} only when set. */
    Document toDocument() {
        Document doc = new Document(ID, id).append(JOB, job.wire()).append(TRIGGER, trigger.wire()).append(STATE, state.wire())
                .append(COUNTS, new Document(counts)).append(STARTED_AT, startedAt).append(FINISHED_AT, finishedAt)
                .append(HEARTBEAT_AT, heartbeatAt);
        if (error != null) {
            doc.append(ERROR, error);
        }
        return doc;
    }

    /** Whether the run is still marked running but its heartbeat stopped for longer than {@code lease} before {@code now}. */
    boolean silentSince(Instant now, Duration lease) {
        return state == RunState.RUNNING && heartbeatAt != null && heartbeatAt.toInstant().plus(lease).isBefore(now);
    }

    JobRunView view() {
        return new JobRunView(id, job.wire(), trigger.wire(), state.wire(), counts, startedAt.toInstant(),
                finishedAt == null ? null : finishedAt.toInstant(), error);
    }
}

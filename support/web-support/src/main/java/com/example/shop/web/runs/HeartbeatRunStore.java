package com.example.shop.web.runs;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.nin;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Sorts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Runs recorded in one collection with a heartbeat, so that any replica can show a run and tell
 * one whose process died: the bulk imports' {@code import_runs} and the search index's
 * {@code search_index_runs}. Each user adds its run's own fields (counts, progress, a report) to
 * the ones kept here:
 * <pre>
 * {_id: hex id, kind, state: running|succeeded|failed, ...own fields, started_at, heartbeat_at,
 *  finished_at?, error?, found_stale?}
 * </pre>
 * The rule, the same for every user:
 * <ul>
 * <li>a running run not heard of for {@code staleAfter} died with its process and is marked failed,
 * with {@code found_stale} set, by any replica but the one running it: a database busy with the run
 * itself can hold the heartbeats back for longer than that, and the replica running it knows it is
 * alive;</li>
 * <li>the owner's heartbeat and end are written only while the run is {@code running} or
 * {@code found_stale}: a run marked stale while it was alive comes back to {@code running} with its
 * owner's next heartbeat and records its own end, while a run that really ended stays ended.</li>
 * </ul>
 * Plain MongoDB operations: each replica's user holds one over the shared collection and says which
 * runs it is running itself.
 */
public final class HeartbeatRunStore {

    public static final String ID = "_id";
    public static final String KIND = "kind";
    public static final String STATE = "state";
    public static final String STARTED_AT = "started_at";
    public static final String HEARTBEAT_AT = "heartbeat_at";
    public static final String FINISHED_AT = "finished_at";
    public static final String ERROR = "error";
    /** Set on a run failed for want of news, so that the replica running it, if alive, can still record it. */
    public static final String FOUND_STALE = "found_stale";

    private final MongoCollection<Document> runs;
    private final Duration staleAfter;
    private final String staleError;

    /**
     * @param staleAfter how long a running run may go unheard of before it is taken for dead
     * @param staleError the {@code error} of a run taken for dead: what happened and what to do about it
     */
    public HeartbeatRunStore(MongoCollection<Document> runs, Duration staleAfter, String staleError) {
        this.runs = runs;
        this.staleAfter = staleAfter;
        this.staleError = staleError;
    }

    /** Records a run of {@code kind} that starts {@code now}; the document as inserted. */
    public Document start(String id, String kind, Document ownFields, Instant now) {
        Document run = new Document(ID, id).append(KIND, kind).append(STATE, RunState.RUNNING.wire());
        run.putAll(ownFields);
        run.append(STARTED_AT, Date.from(now)).append(HEARTBEAT_AT, Date.from(now));
        runs.insertOne(run);
        return run;
    }

    /**
     * Records that the run is alive, with its own fields as they stand: called by the replica running
     * it, so a run another replica found stale meanwhile (its heartbeats could not be written for a
     * while) is running again.
     */
    public void heartbeat(String id, Document ownFields, Instant now) {
        List<Bson> updates = new ArrayList<>(List.of(set(STATE, RunState.RUNNING.wire())));
        updates.addAll(sets(ownFields));
        updates.addAll(List.of(set(HEARTBEAT_AT, Date.from(now)), unset(FINISHED_AT), unset(ERROR), unset(FOUND_STALE)));
        runs.updateOne(ownRun(id), combine(updates));
    }

    /** Records the run's end ({@code error} null unless it failed); called by the replica that ran it, so it replaces a stale mark. */
    public void finish(String id, RunState end, Document ownFields, String error, Instant now) {
        List<Bson> updates = new ArrayList<>(List.of(set(STATE, end.wire())));
        updates.addAll(sets(ownFields));
        updates.addAll(List.of(set(FINISHED_AT, Date.from(now)), set(HEARTBEAT_AT, Date.from(now)), unset(FOUND_STALE),
                error != null ? set(ERROR, error) : unset(ERROR)));
        runs.updateOne(ownRun(id), combine(updates));
    }

    /**
     * Marks failed the running runs among {@code which} not heard of for {@code staleAfter}: they died
     * with their process. Except {@code runningHere}, the runs this replica is running, which are alive
     * whatever their heartbeat says.
     */
    public void failStale(Bson which, Collection<String> runningHere, Instant now) {
        Bson stale = and(which, eq(STATE, RunState.RUNNING.wire()), lt(HEARTBEAT_AT, Date.from(now.minus(staleAfter))));
        runs.updateMany(runningHere.isEmpty() ? stale : and(stale, nin(ID, List.copyOf(runningHere))),
                combine(set(STATE, RunState.FAILED.wire()), set(FINISHED_AT, Date.from(now)), set(FOUND_STALE, true),
                        set(ERROR, staleError)));
    }

    /**
     * The run {@code id} of {@code kind} as it stands (marked failed first if it is stale), or null when
     * there is none; a run of {@code runningHere} as this replica knows it ({@link #asSeenBy}).
     */
    public Document find(String kind, String id, Collection<String> runningHere, Instant now) {
        Document run = runs.find(and(eq(ID, id), eq(KIND, kind))).first();
        if (run != null && RunState.RUNNING.wire().equals(run.getString(STATE)) && !runningHere.contains(id)
                && silentSince(run, now.minus(staleAfter))) {
            failStale(eq(ID, id), runningHere, now);
            run = runs.find(and(eq(ID, id), eq(KIND, kind))).first();
        }
        return asSeenBy(run, runningHere);
    }

    /**
     * Runs of {@code kind}, newest first (ids are ObjectIds), the stale ones marked failed first;
     * {@code before} is the id the previous page ended with, null for the first page.
     */
    public List<Document> page(String kind, String before, int limit, Collection<String> runningHere, Instant now) {
        failStale(eq(KIND, kind), runningHere, now);
        Bson filter = before == null ? eq(KIND, kind) : and(eq(KIND, kind), lt(ID, before));
        List<Document> page = runs.find(filter).sort(Sorts.descending(ID)).limit(limit).into(new ArrayList<>());
        page.replaceAll(run -> asSeenBy(run, runningHere));
        return page;
    }

    /**
     * A run this replica is running, which another replica marked failed for want of news (its
     * heartbeats could not be written for a while), is running as far as this replica can tell: so it
     * answers, until the run's own next heartbeat or its end replaces the mark in the database.
     * Answering the mark instead told a client polling this replica that a live run had died.
     */
    private static Document asSeenBy(Document run, Collection<String> runningHere) {
        if (run == null || !runningHere.contains(run.getString(ID)) || !Boolean.TRUE.equals(run.getBoolean(FOUND_STALE))) {
            return run;
        }
        Document alive = new Document(run);
        alive.put(STATE, RunState.RUNNING.wire());
        alive.remove(FINISHED_AT);
        alive.remove(ERROR);
        alive.remove(FOUND_STALE);
        return alive;
    }

    /** Whether nothing has been heard of the run since {@code cutoff} (no heartbeat at all: never heard of). */
    private static boolean silentSince(Document run, Instant cutoff) {
        Date heartbeat = run.getDate(HEARTBEAT_AT);
        return heartbeat == null || heartbeat.toInstant().isBefore(cutoff);
    }

    /** The run, while it is running or only marked failed for want of news (never once it has ended). */
    private static Bson ownRun(String id) {
        return and(eq(ID, id), or(eq(STATE, RunState.RUNNING.wire()), eq(FOUND_STALE, true)));
    }

    private static List<Bson> sets(Document fields) {
        List<Bson> sets = new ArrayList<>();
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            sets.add(set(field.getKey(), field.getValue()));
        }
        return sets;
    }
}

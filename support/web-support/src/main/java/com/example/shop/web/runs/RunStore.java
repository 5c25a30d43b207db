package com.example.shop.web.runs;

import static com.example.shop.web.runs.StoredRunCodec.COUNTS;
import static com.example.shop.web.runs.StoredRunCodec.FINISHED_AT;
import static com.example.shop.web.runs.StoredRunCodec.FOUND_STALE;
import static com.example.shop.web.runs.StoredRunCodec.HEARTBEAT_AT;
import static com.example.shop.web.runs.StoredRunCodec.ID;
import static com.example.shop.web.runs.StoredRunCodec.KIND;
import static com.example.shop.web.runs.StoredRunCodec.LABELS;
import static com.example.shop.web.runs.StoredRunCodec.PROBLEMS;
import static com.example.shop.web.runs.StoredRunCodec.STATE;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.nin;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Filters.regex;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.problems.Problem;
import com.example.shop.problems.Problems;
import com.example.shop.web.database.ServiceDatabase;
import com.example.shop.web.identifiers.Identifiers;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Sorts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * The runs of long work in a service's {@code runs} collection, so that any replica shows a run
 * and tells one whose process died. One rule for every kind (docs/design.md, "Runs"):
 * <ul>
 * <li>a running run not heard of for {@code staleAfter} died with its process and is marked failed,
 * with {@code found_stale}, by any replica but the one running it (a database busy with the run can
 * hold heartbeats back, and the replica running it knows it is alive);</li>
 * <li>the owner's heartbeat and end are written only while the run is running or found stale: a run
 * marked stale while it was alive comes back with its owner's next heartbeat and records its own
 * end, while a run that really ended stays ended.</li>
 * </ul>
 * Each user (the imports, the index runs, the cart jobs) holds one over the shared collection for
 * its own kinds, with its own stale time and the detail its stale runs fail with.
 */
public final class RunStore {

    /** The type of the problem a failed run carries. */
    public static final String RUN_FAILED = "run-failed";

    private final MongoCollection<StoredRun> runs;
    private final Duration staleAfter;
    private final String staleDetail;

    /**
     * @param staleAfter how long a running run may go unheard of before it is taken for dead
     * @param staleDetail the detail of a run taken for dead: what happened and what to do about it
     */
    public RunStore(MongoDatabase database, Duration staleAfter, String staleDetail) {
        this.runs = ServiceDatabase.collection(database, StoredRunCodec.COLLECTION, new StoredRunCodec());
        this.staleAfter = staleAfter;
        this.staleDetail = staleDetail;
    }

    /** A new run's id: an ObjectId, so that ids sort by start. */
    public static String newId() {
        return new ObjectId().toHexString();
    }

    /** The problem a run fails with: {@code detail} says why. */
    public static Problem failure(String detail) {
        return Problem.of(500, RUN_FAILED, "Run failed", detail);
    }

    /** Records a run of {@code kind} that starts {@code now}; the run as it stands. */
    public Run start(String id, String kind, Map<String, String> labels, Map<String, Long> counts, Instant now) {
        StoredRun run = new StoredRun(id, kind, labels, RunState.RUNNING, counts, List.of(), now, now, null, false);
        runs.insertOne(run);
        return run.view();
    }

    /** Records the counts so far and that the run is alive; a run found stale meanwhile is running again. */
    public void heartbeat(String id, Map<String, Long> counts, Instant now) {
        runs.updateOne(ownRun(id), combine(set(STATE, RunState.RUNNING.wire()), set(COUNTS, StoredRunCodec.counts(counts)),
                set(HEARTBEAT_AT, Date.from(now)), set(FINISHED_AT, null), set(PROBLEMS, List.of()), unset(FOUND_STALE)));
    }

    /** Records the run's end, by the replica that ran it (so it replaces a stale mark); {@code problems} empty unless it failed. */
    public void finish(String id, RunState end, Map<String, Long> counts, List<Problem> problems, Instant now) {
        runs.updateOne(ownRun(id), combine(set(STATE, end.wire()), set(COUNTS, StoredRunCodec.counts(counts)),
                set(PROBLEMS, problems.stream().map(ProblemCodec::toDocument).toList()),
                set(FINISHED_AT, Date.from(now)), set(HEARTBEAT_AT, Date.from(now)), unset(FOUND_STALE)));
    }

    /**
     * Marks failed the running runs of {@code kinds} not heard of for {@code staleAfter}: they died
     * with their process. Except {@code runningHere}, which are alive whatever their heartbeat says.
     */
    public void failStale(Set<String> kinds, Collection<String> runningHere, Instant now) {
        markFailed(and(in(KIND, kinds), lt(HEARTBEAT_AT, Date.from(now.minus(staleAfter)))), runningHere, now);
    }

    /** As {@link #failStale(Set, Collection, Instant)}, for every kind whose name starts with {@code prefix}. */
    public void failStaleOfKinds(String prefix, Collection<String> runningHere, Instant now) {
        markFailed(and(regex(KIND, "^" + Pattern.quote(prefix)), lt(HEARTBEAT_AT, Date.from(now.minus(staleAfter)))),
                runningHere, now);
    }

    /** Marks the run {@code id} failed for want of news now, whatever its heartbeat (its lease was taken over). */
    public void failAbandoned(String id, Instant now) {
        markFailed(eq(ID, id), List.of(), now);
    }

    private void markFailed(Bson which, Collection<String> runningHere, Instant now) {
        Bson stale = and(which, eq(STATE, RunState.RUNNING.wire()));
        runs.updateMany(runningHere.isEmpty() ? stale : and(stale, nin(ID, List.copyOf(runningHere))),
                combine(set(STATE, RunState.FAILED.wire()), set(FINISHED_AT, Date.from(now)), set(FOUND_STALE, true),
                        set(PROBLEMS, List.of(ProblemCodec.toDocument(failure(staleDetail))))));
    }

    /** The run {@code id} of one of {@code kinds} as it stands (marked failed first if it is stale). */
    public Optional<Run> find(String id, Set<String> kinds, Collection<String> runningHere, Instant now) {
        if (!Identifiers.isObjectId(id)) {
            return Optional.empty();
        }
        StoredRun run = runs.find(and(eq(ID, id), in(KIND, kinds))).first();
        if (run != null && run.state() == RunState.RUNNING && !runningHere.contains(id) && silentSince(run, now.minus(staleAfter))) {
            markFailed(eq(ID, id), runningHere, now);
            run = runs.find(and(eq(ID, id), in(KIND, kinds))).first();
        }
        return Optional.ofNullable(run).map(found -> asSeenBy(found, runningHere).view());
    }

    /**
     * A page of runs of {@code kinds} whose labels include {@code labels}, newest first (ids are
     * ObjectIds), the stale ones marked failed first; {@code cursor} is the previous page's
     * {@code next} (null for the first page): a 400 naming {@code cursor} when it is not one.
     */
    public RunPage page(Set<String> kinds, Map<String, String> labels, String cursor, int limit,
                        Collection<String> runningHere, Instant now) {
        if (cursor != null && !Identifiers.isObjectId(cursor)) {
            throw Problems.invalidField("cursor", "Query parameter 'cursor' must be the 'next' of the previous page");
        }
        failStale(kinds, runningHere, now);
        List<Bson> filters = new ArrayList<>(List.of(in(KIND, kinds)));
        labels.forEach((name, value) -> filters.add(eq(LABELS + "." + name, value)));
        if (cursor != null) {
            filters.add(lt(ID, cursor));
        }
        // One more than asked: whether there is a next page, without a count.
        List<Run> found = new ArrayList<>();
        runs.find(and(filters)).sort(Sorts.descending(ID)).limit(limit + 1)
                .forEach(run -> found.add(asSeenBy(run, runningHere).view()));
        if (found.size() <= limit) {
            return new RunPage(found, null);
        }
        List<Run> page = List.copyOf(found.subList(0, limit));
        return new RunPage(page, page.get(limit - 1).id());
    }

    /** Drops the ended runs of {@code kind} that finished more than {@code keepFor} ago. */
    public void prune(String kind, Duration keepFor, Instant now) {
        runs.deleteMany(and(eq(KIND, kind), lt(FINISHED_AT, Date.from(now.minus(keepFor)))));
    }

    /**
     * A run this replica is running that another replica marked failed for want of news is running as
     * far as this replica can tell, until its own next heartbeat or end replaces the mark.
     */
    private static StoredRun asSeenBy(StoredRun run, Collection<String> runningHere) {
        return run.foundStale() && runningHere.contains(run.id()) ? run.alive() : run;
    }

    private static boolean silentSince(StoredRun run, Instant cutoff) {
        return run.heartbeatAt() == null || run.heartbeatAt().isBefore(cutoff);
    }

    /** The run, while it is running or only marked failed for want of news (never once it has ended). */
    private static Bson ownRun(String id) {
        return and(eq(ID, id), or(eq(STATE, RunState.RUNNING.wire()), eq(FOUND_STALE, true)));
    }
}

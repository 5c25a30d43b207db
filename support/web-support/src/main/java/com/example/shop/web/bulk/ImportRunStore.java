package com.example.shop.web.bulk;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.problems.Problem;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Sorts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The runs and their rejected lines, in the service's own database.
 * <pre>
 * import_runs    {_id: hex id, kind, state, counts: {read, created, updated, unchanged, rejected},
 *                 bytes_total, bytes_read, started_at, finished_at, heartbeat_at, error?, found_stale?}
 * import_rejects {_id: "&lt;run id&gt;/&lt;line, 12 digits&gt;", line, key?, problem: {...}}
 * </pre>
 * A reject's {@code _id} starts with its run's id and sorts by line, so a run's rejects are one
 * range of the {@code _id} index, read in line order: no other index is needed (the embedded
 * server uses no other).
 */
final class ImportRunStore {

    static final String RUNS = "import_runs";
    static final String REJECTS = "import_rejects";
    /** Set on a run failed for want of news, so that the replica running it, if alive, can still record it. */
    private static final String FOUND_STALE = "found_stale";

    private final MongoCollection<Document> runs;
    private final MongoCollection<Document> rejects;

    ImportRunStore(MongoDatabase database) {
        this.runs = database.getCollection(RUNS);
        this.rejects = database.getCollection(REJECTS);
    }

    void insert(String id, String kind, long bytesTotal, Instant now) {
        runs.insertOne(new Document("_id", id).append("kind", kind).append("state", ImportState.RUNNING.wire())
                .append("counts", counts(new ImportCounts(0, 0, 0, 0, 0)))
                .append("bytes_total", bytesTotal).append("bytes_read", 0L)
                .append("started_at", Date.from(now)).append("heartbeat_at", Date.from(now)));
    }

    /**
     * Records progress, and that the run is alive: called by the replica running it, so a run another
     * replica found stale meanwhile (its heartbeats could not be written for a while) is running again.
     */
    void progress(String id, ImportCounts counts, long bytesRead, Instant now) {
        runs.updateOne(ownRun(id), combine(set("state", ImportState.RUNNING.wire()), set("counts", counts(counts)),
                set("bytes_read", bytesRead), set("heartbeat_at", Date.from(now)), unset("finished_at"), unset("error"),
                unset(FOUND_STALE)));
    }

    /** Records the run's end; called by the replica that ran it, so it replaces a stale mark. */
    void finish(String id, ImportState state, ImportCounts counts, long bytesRead, String error, Instant now) {
        List<Bson> updates = new ArrayList<>(List.of(set("state", state.wire()), set("counts", counts(counts)),
                set("bytes_read", bytesRead), set("finished_at", Date.from(now)), set("heartbeat_at", Date.from(now)),
                unset(FOUND_STALE)));
        updates.add(error != null ? set("error", error) : unset("error"));
        runs.updateOne(ownRun(id), combine(updates));
    }

    /** The run, while it is running or only marked failed for want of news (never once it has ended). */
    private static Bson ownRun(String id) {
        return and(eq("_id", id), or(eq("state", ImportState.RUNNING.wire()), eq(FOUND_STALE, true)));
    }

    /**
     * Runs that stopped being heard of before {@code cutoff} died with their process: they are failed,
     * except {@code runningHere}, the run this replica is running (null: none), which is alive whatever its
     * heartbeat says. A run marked so by another replica while it was alive comes back with its next heartbeat.
     */
    void failStale(Bson which, String runningHere, Instant cutoff, Instant now) {
        Bson stale = and(which, eq("state", ImportState.RUNNING.wire()), lt("heartbeat_at", Date.from(cutoff)));
        runs.updateMany(runningHere == null ? stale : and(stale, ne("_id", runningHere)),
                combine(set("state", ImportState.FAILED.wire()), set("finished_at", Date.from(now)), set(FOUND_STALE, true),
                        set("error", "The service stopped during the run (no sign of life since the heartbeat); "
                                + "import the same file again to complete it: lines already imported count as unchanged")));
    }

    Document find(String kind, String id) {
        return runs.find(and(eq("_id", id), eq("kind", kind))).first();
    }

    /** Newest first; {@code before} is the id the previous page ended with. */
    List<Document> list(String kind, String before, int limit) {
        Bson filter = before == null ? eq("kind", kind) : and(eq("kind", kind), lt("_id", before));
        return runs.find(filter).sort(Sorts.descending("_id")).limit(limit).into(new ArrayList<>());
    }

    void addRejects(List<Document> lines) {
        if (!lines.isEmpty()) {
            rejects.insertMany(lines, new InsertManyOptions().ordered(false));
        }
    }

    /** The run's rejects after line {@code afterLine}, in line order. */
    List<Document> rejects(String runId, long afterLine, int limit) {
        return rejects.find(and(gt("_id", rejectId(runId, afterLine)), lt("_id", runId + "0")))
                .sort(Sorts.ascending("_id")).limit(limit).into(new ArrayList<>());
    }

    static Document reject(String runId, long line, String key, Problem problem) {
        Document doc = new Document("_id", rejectId(runId, line)).append("line", line);
        if (key != null) {
            doc.append("key", key);
        }
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("type", problem.type());
        members.put("title", problem.title());
        members.put("status", problem.status());
        members.put("detail", problem.detail());
        problem.extensions().forEach((name, value) -> members.put(name, bsonValue(value)));
        return doc.append("problem", new Document(members));
    }

    private static String rejectId(String runId, long line) {
        return runId + "/" + String.format("%012d", line);
    }

    /** Extension members are strings, numbers, lists and records (violations): stored as BSON values. */
    private static Object bsonValue(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(ImportRunStore::bsonValue).toList();
        }
        if (value instanceof Record record) {
            Document doc = new Document();
            for (var component : record.getClass().getRecordComponents()) {
                try {
                    doc.append(component.getName(), bsonValue(component.getAccessor().invoke(record)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return doc;
        }
        return value instanceof String || value instanceof Number || value instanceof Boolean || value == null
                ? value : String.valueOf(value);
    }

    static Document counts(ImportCounts counts) {
        return new Document("read", counts.read()).append("created", counts.created()).append("updated", counts.updated())
                .append("unchanged", counts.unchanged()).append("rejected", counts.rejected());
    }

    static ImportRun view(Document run) {
        Document counts = run.get("counts", Document.class);
        return new ImportRun(run.getString("_id"), run.getString("kind"), run.getString("state"),
                new ImportCounts(number(counts, "read"), number(counts, "created"), number(counts, "updated"),
                        number(counts, "unchanged"), number(counts, "rejected")),
                number(run, "bytes_total"), number(run, "bytes_read"),
                instant(run, "started_at"), instant(run, "finished_at"), run.getString("error"));
    }

    static ImportReject rejectView(Document reject) {
        return new ImportReject(number(reject, "line"), reject.getString("key"), reject.get("problem", Document.class));
    }

    private static long number(Document doc, String field) {
        Object value = doc.get(field);
        return value instanceof Number n ? n.longValue() : 0L;
    }

    private static Instant instant(Document doc, String field) {
        Date date = doc.getDate(field);
        return date == null ? null : date.toInstant();
    }
}

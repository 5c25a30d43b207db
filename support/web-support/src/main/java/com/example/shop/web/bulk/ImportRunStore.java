package com.example.shop.web.bulk;

import static com.example.shop.web.database.StoredFields.instant;
import static com.example.shop.web.database.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lt;

import com.example.shop.problems.Problem;
import com.example.shop.web.runs.HeartbeatRunStore;
import com.example.shop.web.runs.RunState;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Sorts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
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
 * A run is a {@link HeartbeatRunStore} run (its state, heartbeat and stale rule are kept there); an
 * import adds its counts and bytes to it.
 * A reject's {@code _id} starts with its run's id and sorts by line, so a run's rejects are one
 * range of the {@code _id} index, read in line order: no other index is needed (the embedded
 * server uses no other).
 */
final class ImportRunStore {

    static final String RUNS = "import_runs";
    static final String REJECTS = "import_rejects";

    // an import run's own fields, beside HeartbeatRunStore's
    private static final String COUNTS = "counts";
    private static final String BYTES_TOTAL = "bytes_total";
    private static final String BYTES_READ = "bytes_read";
    private static final String READ = "read";
    private static final String CREATED = "created";
    private static final String UPDATED = "updated";
    private static final String UNCHANGED = "unchanged";
    private static final String REJECTED = "rejected";
    // a reject's
    private static final String REJECT_ID = "_id";
    private static final String LINE = "line";
    private static final String KEY = "key";
    private static final String PROBLEM = "problem";
    private static final String STALE_ERROR = "The service stopped during the run (no sign of life since the heartbeat); "
            + "import the same file again to complete it: lines already imported count as unchanged";

    private final HeartbeatRunStore runs;
    private final MongoCollection<Document> rejects;

    ImportRunStore(MongoDatabase database, Duration staleAfter) {
        this.runs = new HeartbeatRunStore(database.getCollection(RUNS), staleAfter, STALE_ERROR);
        this.rejects = database.getCollection(REJECTS);
    }

    void insert(String id, String kind, long bytesTotal, Instant now) {
        runs.start(id, kind, new Document(COUNTS, counts(new ImportCounts(0, 0, 0, 0, 0)))
                .append(BYTES_TOTAL, bytesTotal).append(BYTES_READ, 0L), now);
    }

    /** Records progress, and that the run is alive (see {@link HeartbeatRunStore#heartbeat}). */
    void progress(String id, ImportCounts counts, long bytesRead, Instant now) {
        runs.heartbeat(id, progressFields(counts, bytesRead), now);
    }

    /** Records the run's end; called by the replica that ran it, so it replaces a stale mark. */
    void finish(String id, RunState state, ImportCounts counts, long bytesRead, String error, Instant now) {
        runs.finish(id, state, progressFields(counts, bytesRead), error, now);
    }

    private static Document progressFields(ImportCounts counts, long bytesRead) {
        return new Document(COUNTS, counts(counts)).append(BYTES_READ, bytesRead);
    }

    /** Marks failed the runs among {@code which} that died with their process, except {@code runningHere}. */
    void failStale(Bson which, Collection<String> runningHere, Instant now) {
        runs.failStale(which, runningHere, now);
    }

    /** The run as it stands (failed first if it died with its process), or null. */
    Document find(String kind, String id, Collection<String> runningHere, Instant now) {
        return runs.find(kind, id, runningHere, now);
    }

    /** Newest first; {@code before} is the id the previous page ended with. */
    List<Document> list(String kind, String before, int limit, Collection<String> runningHere, Instant now) {
        return runs.page(kind, before, limit, runningHere, now);
    }

    void addRejects(List<Document> lines) {
        if (!lines.isEmpty()) {
            rejects.insertMany(lines, new InsertManyOptions().ordered(false));
        }
    }

    /** The run's rejects after line {@code afterLine}, in line order. */
    List<Document> rejects(String runId, long afterLine, int limit) {
        return rejects.find(and(gt(REJECT_ID, rejectId(runId, afterLine)), lt(REJECT_ID, runId + "0")))
                .sort(Sorts.ascending(REJECT_ID)).limit(limit).into(new ArrayList<>());
    }

    static Document reject(String runId, long line, String key, Problem problem) {
        Document doc = new Document(REJECT_ID, rejectId(runId, line)).append(LINE, line);
        if (key != null) {
            doc.append(KEY, key);
        }
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("type", problem.type());
        members.put("title", problem.title());
        members.put("status", problem.status());
        members.put("detail", problem.detail());
        problem.extensions().forEach((name, value) -> members.put(name, bsonValue(value)));
        return doc.append(PROBLEM, new Document(members));
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
        return new Document(READ, counts.read()).append(CREATED, counts.created()).append(UPDATED, counts.updated())
                .append(UNCHANGED, counts.unchanged()).append(REJECTED, counts.rejected());
    }

    static ImportRun view(Document run) {
        Document counts = run.get(COUNTS, Document.class);
        return new ImportRun(run.getString(HeartbeatRunStore.ID), run.getString(HeartbeatRunStore.KIND),
                run.getString(HeartbeatRunStore.STATE),
                new ImportCounts(number(counts, READ), number(counts, CREATED), number(counts, UPDATED),
                        number(counts, UNCHANGED), number(counts, REJECTED)),
                number(run, BYTES_TOTAL), number(run, BYTES_READ),
                instant(run, HeartbeatRunStore.STARTED_AT), instant(run, HeartbeatRunStore.FINISHED_AT),
                run.getString(HeartbeatRunStore.ERROR));
    }

    static ImportReject rejectView(Document reject) {
        return new ImportReject(number(reject, LINE), reject.getString(KEY), reject.get(PROBLEM, Document.class));
    }
}

package com.example.shop.web.bulk;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

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
 *                 bytes_total, bytes_read, started_at, finished_at, heartbeat_at, error?}
 * import_rejects {_id: "&lt;run id&gt;/&lt;line, 12 digits&gt;", line, key?, problem: {...}}
 * </pre>
 * A reject's {@code _id} starts with its run's id and sorts by line, so a run's rejects are one
 * range of the {@code _id} index, read in line order: no other index is needed (the embedded
 * server uses no other).
 */
final class ImportRunStore {

    static final String RUNS = "import_runs";
    static final String REJECTS = "import_rejects";

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

    /** Records progress while the run is still running (a run already marked failed stays failed). */
    void progress(String id, ImportCounts counts, long bytesRead, Instant now) {
        runs.updateOne(and(eq("_id", id), eq("state", ImportState.RUNNING.wire())),
                combine(set("counts", counts(counts)), set("bytes_read", bytesRead), set("heartbeat_at", Date.from(now))));
    }

    void finish(String id, ImportState state, ImportCounts counts, long bytesRead, String error, Instant now) {
        List<Bson> updates = new ArrayList<>(List.of(set("state", state.wire()), set("counts", counts(counts)),
                set("bytes_read", bytesRead), set("finished_at", Date.from(now)), set("heartbeat_at", Date.from(now))));
        if (error != null) {
            updates.add(set("error", error));
        }
        runs.updateOne(and(eq("_id", id), eq("state", ImportState.RUNNING.wire())), combine(updates));
    }

    /** Runs that stopped being heard of before {@code cutoff} died with their process: they are failed. */
    void failStale(Bson which, Instant cutoff, Instant now) {
        runs.updateMany(and(which, eq("state", ImportState.RUNNING.wire()), lt("heartbeat_at", Date.from(cutoff))),
                combine(set("state", ImportState.FAILED.wire()), set("finished_at", Date.from(now)),
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

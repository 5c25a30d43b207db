package com.example.shop.web.bulk;

import static com.example.shop.web.database.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.lt;

import com.example.shop.web.runs.Run;
import com.example.shop.web.runs.RunLabels;
import com.example.shop.web.runs.RunPage;
import com.example.shop.web.runs.RunState;
import com.example.shop.web.runs.RunStore;
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
import java.util.Optional;
import java.util.Set;
import org.bson.Document;

/**
 * The runs and their rejected lines, in the service's own database.
 * <pre>
 * runs           a {@link RunStore} run of kind import-&lt;name&gt;, counts {read, created, updated, unchanged,
 *                rejected, bytes_total, bytes_read}
 * import_rejects {_id: "&lt;run id&gt;/&lt;line, 12 digits&gt;", line, key?, problem: {...}}
 * </pre>
 * A reject's {@code _id} starts with its run's id and sorts by line, so a run's rejects are one
 * range of the {@code _id} index, read in line order: no other index is needed (the embedded
 * server uses no other).
 */
final class ImportRunStore {

    static final String REJECTS = "import_rejects";
    static final String KIND_PREFIX = "import-";

    private static final String READ = "read";
    private static final String CREATED = "created";
    private static final String UPDATED = "updated";
    private static final String UNCHANGED = "unchanged";
    private static final String REJECTED = "rejected";
    private static final String BYTES_TOTAL = "bytes_total";
    private static final String BYTES_READ = "bytes_read";
    // a reject's
    private static final String REJECT_ID = "_id";
    private static final String LINE = "line";
    private static final String KEY = "key";
    private static final String PROBLEM = "problem";
    private static final String STALE_DETAIL = "The service stopped during the run (no sign of life since the heartbeat); "
            + "import the same file again to complete it: lines already imported count as unchanged";

    private final RunStore runs;
    private final MongoCollection<Document> rejects;

    ImportRunStore(MongoDatabase database, Duration staleAfter) {
        this.runs = new RunStore(database, staleAfter, STALE_DETAIL);
        this.rejects = database.getCollection(REJECTS);
    }

    static String kind(String importName) {
        return KIND_PREFIX + importName;
    }

    Run insert(String id, String importName, long bytesTotal, Instant now) {
        return runs.start(id, kind(importName), Map.of(RunLabels.TRIGGER, RunLabels.MANUAL),
                counts(new ImportCounts(0, 0, 0, 0, 0), bytesTotal, 0), now);
    }

    /** Records progress, and that the run is alive (see {@link RunStore#heartbeat}). */
    void progress(String id, ImportCounts counts, long bytesTotal, long bytesRead, Instant now) {
        runs.heartbeat(id, counts(counts, bytesTotal, bytesRead), now);
    }

    /** Records the run's end; called by the replica that ran it, so it replaces a stale mark. */
    void finish(String id, RunState state, ImportCounts counts, long bytesTotal, long bytesRead, String error, Instant now) {
        runs.finish(id, state, counts(counts, bytesTotal, bytesRead),
                error == null ? List.of() : List.of(RunStore.failure(error)), now);
    }

    /** Marks failed the runs of every import kind that died with their process, except {@code runningHere}. */
    void failStale(Collection<String> runningHere, Instant now) {
        runs.failStaleOfKinds(KIND_PREFIX, runningHere, now);
    }

    /** The run as it stands (failed first if it died with its process). */
    Optional<Run> find(String importName, String id, Collection<String> runningHere, Instant now) {
        return runs.find(id, Set.of(kind(importName)), runningHere, now);
    }

    /** Newest first; {@code cursor} is the previous page's {@code next}. */
    RunPage list(String importName, String cursor, int limit, Collection<String> runningHere, Instant now) {
        return runs.page(Set.of(kind(importName)), Map.of(), cursor, limit, runningHere, now);
    }

    void addRejects(String runId, List<ImportReject> lines) {
        if (!lines.isEmpty()) {
            rejects.insertMany(lines.stream().map(line -> reject(runId, line)).toList(), new InsertManyOptions().ordered(false));
        }
    }

    /** The run's rejects after line {@code afterLine}, in line order. */
    List<ImportReject> rejects(String runId, long afterLine, int limit) {
        List<ImportReject> page = new ArrayList<>();
        rejects.find(and(gt(REJECT_ID, rejectId(runId, afterLine)), lt(REJECT_ID, runId + "0")))
                .sort(Sorts.ascending(REJECT_ID)).limit(limit)
                .forEach(reject -> page.add(new ImportReject(number(reject, LINE), reject.getString(KEY),
                        reject.get(PROBLEM, Document.class))));
        return page;
    }

    private static Document reject(String runId, ImportReject reject) {
        Document doc = new Document(REJECT_ID, rejectId(runId, reject.line())).append(LINE, reject.line());
        if (reject.key() != null) {
            doc.append(KEY, reject.key());
        }
        return doc.append(PROBLEM, new Document(reject.problem()));
    }

    private static String rejectId(String runId, long line) {
        return runId + "/" + String.format("%012d", line);
    }

    static Map<String, Long> counts(ImportCounts counts, long bytesTotal, long bytesRead) {
        Map<String, Long> all = new LinkedHashMap<>();
        all.put(READ, counts.read());
        all.put(CREATED, counts.created());
        all.put(UPDATED, counts.updated());
        all.put(UNCHANGED, counts.unchanged());
        all.put(REJECTED, counts.rejected());
        all.put(BYTES_TOTAL, bytesTotal);
        all.put(BYTES_READ, bytesRead);
        return all;
    }
}

package com.example.shop.web.runs;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.Document;

/**
 * A run's document; the field names are here and nowhere else:
 * <pre>
 * runs {_id: hex id, kind, labels: {name: string}, state: running|succeeded|failed, counts: {name: long},
 *       problems: [problem], started_at, heartbeat_at, finished_at (null while running), found_stale?}
 * </pre>
 */
public final class StoredRunCodec extends StoredCodec<StoredRun> {

    public static final String COLLECTION = "runs";

    static final String ID = "_id";
    static final String KIND = "kind";
    static final String LABELS = "labels";
    static final String STATE = "state";
    static final String COUNTS = "counts";
    static final String PROBLEMS = "problems";
    static final String STARTED_AT = "started_at";
    static final String HEARTBEAT_AT = "heartbeat_at";
    static final String FINISHED_AT = "finished_at";
    static final String FOUND_STALE = "found_stale";

    public StoredRunCodec() {
        super(StoredRun.class);
    }

    @Override
    protected StoredRun fromDocument(Document doc) {
        Map<String, String> labels = new LinkedHashMap<>();
        Document storedLabels = doc.get(LABELS, Document.class);
        if (storedLabels != null) {
            storedLabels.forEach((name, value) -> labels.put(name, String.valueOf(value)));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        Document storedCounts = doc.get(COUNTS, Document.class);
        if (storedCounts != null) {
            storedCounts.forEach((name, value) -> counts.put(name, value instanceof Number n ? n.longValue() : 0L));
        }
        List<Map<String, Object>> problems = new ArrayList<>(doc.getList(PROBLEMS, Document.class, List.of()));
        return new StoredRun(doc.getString(ID), doc.getString(KIND), labels,
                WireName.stored(RunState.class, doc.getString(STATE)), counts, problems,
                instant(doc, STARTED_AT), instant(doc, HEARTBEAT_AT), instant(doc, FINISHED_AT),
                Boolean.TRUE.equals(doc.getBoolean(FOUND_STALE)));
    }

    @Override
    protected Document toDocument(StoredRun run) {
        Document doc = new Document(ID, run.id()).append(KIND, run.kind()).append(LABELS, new Document(run.labels()))
                .append(STATE, run.state().wire()).append(COUNTS, counts(run.counts())).append(PROBLEMS, run.problems())
                .append(STARTED_AT, date(run.startedAt())).append(HEARTBEAT_AT, date(run.heartbeatAt()))
                .append(FINISHED_AT, date(run.finishedAt()));
        if (run.foundStale()) {
            doc.append(FOUND_STALE, true);
        }
        return doc;
    }

    static Document counts(Map<String, Long> counts) {
        return new Document(counts);
    }

    private static Date date(Instant instant) {
        return instant == null ? null : Date.from(instant);
    }

    private static Instant instant(Document doc, String field) {
        Date date = doc.getDate(field);
        return date == null ? null : date.toInstant();
    }
}

package com.example.shop.catalog.search.lifecycle;

import static com.example.shop.web.database.StoredFields.instant;
import static com.example.shop.web.database.StoredFields.number;
import static com.example.shop.web.database.StoredFields.optionalNumber;

import com.example.shop.web.runs.HeartbeatRunStore;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * A run of {@code search_index_runs} as stored, and the run resource read from it. The fields the
 * run store keeps for every run (id, kind, state, times, error) are {@link HeartbeatRunStore}'s; the
 * index runs' own fields, the progress and the reports, are named here and nowhere else. A report is
 * stored as the API shows it (the same names, nested the same way, under its kind's name), written
 * from the records of {@link SearchIndexRun} and read back into them.
 * <pre>
 * {replica, progress: {phase, done, total},
 *  verify?: {index_count, database_count, differences, missing_from_index: {count, first: [sku]},
 *            not_in_database: {count, first: [sku]},
 *            version_differs: {count, first: [{sku, index_version, database_version}]}},
 *  rebuild?: {products, replaced, index, millis}}
 * </pre>
 */
final class StoredIndexRun {

    private static final String REPLICA = "replica";
    private static final String PROGRESS = "progress";

    private static final String PHASE = "phase";
    private static final String DONE = "done";
    private static final String TOTAL = "total";

    private static final String INDEX_COUNT = "index_count";
    private static final String DATABASE_COUNT = "database_count";
    private static final String DIFFERENCES = "differences";
    private static final String MISSING_FROM_INDEX = "missing_from_index";
    private static final String NOT_IN_DATABASE = "not_in_database";
    private static final String VERSION_DIFFERS = "version_differs";
    /** Of a list of differences: how many there are, and the first of them. */
    private static final String COUNT = "count";
    private static final String FIRST = "first";
    private static final String SKU = "sku";
    private static final String INDEX_VERSION = "index_version";
    private static final String DATABASE_VERSION = "database_version";

    private static final String PRODUCTS = "products";
    private static final String REPLACED = "replaced";
    private static final String INDEX = "index";
    private static final String MILLIS = "millis";

    private StoredIndexRun() {
    }

    /** A run's own fields when it starts: the replica that runs it, and its progress. */
    static Document startFields(String replica, SearchIndexRun.Progress progress) {
        return new Document(REPLICA, replica).append(PROGRESS, progress(progress));
    }

    /** A run's progress, as a heartbeat or the run's end records it. */
    static Document progressFields(SearchIndexRun.Progress progress) {
        return new Document(PROGRESS, progress(progress));
    }

    static Document progress(SearchIndexRun.Progress progress) {
        return new Document(PHASE, progress.phase()).append(DONE, progress.done()).append(TOTAL, progress.total());
    }

    static Document verifyReport(SearchIndexRun.VerifyReport report) {
        List<Document> first = new ArrayList<>();
        for (SearchIndexRun.VersionDifference difference : report.version_differs().first()) {
            // both versions written, null included: "none" is a value of the report
            first.add(new Document(SKU, difference.sku()).append(INDEX_VERSION, difference.index_version())
                    .append(DATABASE_VERSION, difference.database_version()));
        }
        return new Document(INDEX_COUNT, report.index_count()).append(DATABASE_COUNT, report.database_count())
                .append(DIFFERENCES, report.differences())
                .append(MISSING_FROM_INDEX, skuList(report.missing_from_index()))
                .append(NOT_IN_DATABASE, skuList(report.not_in_database()))
                .append(VERSION_DIFFERS, new Document(COUNT, report.version_differs().count()).append(FIRST, first));
    }

    static Document rebuildReport(SearchIndexRun.RebuildReport report) {
        return new Document(PRODUCTS, report.products()).append(REPLACED, report.replaced()).append(INDEX, report.index())
                .append(MILLIS, report.millis());
    }

    /** The run resource of a stored run. */
    static SearchIndexRun view(Document run) {
        Document progress = run.get(PROGRESS, Document.class);
        return new SearchIndexRun(run.getString(HeartbeatRunStore.ID), run.getString(HeartbeatRunStore.KIND),
                run.getString(HeartbeatRunStore.STATE), run.getString(REPLICA),
                progress == null ? null : new SearchIndexRun.Progress(progress.getString(PHASE), number(progress, DONE),
                        number(progress, TOTAL)),
                instant(run, HeartbeatRunStore.STARTED_AT), instant(run, HeartbeatRunStore.FINISHED_AT),
                verifyReport(run.get(SearchIndexRuns.VERIFY, Document.class)),
                rebuildReport(run.get(SearchIndexRuns.REBUILD, Document.class)),
                run.getString(HeartbeatRunStore.ERROR));
    }

    private static Document skuList(SearchIndexRun.SkuList list) {
        return new Document(COUNT, list.count()).append(FIRST, list.first());
    }

    private static SearchIndexRun.VerifyReport verifyReport(Document report) {
        if (report == null) {
            return null;
        }
        Document versions = report.get(VERSION_DIFFERS, Document.class);
        List<SearchIndexRun.VersionDifference> first = new ArrayList<>();
        for (Document difference : versions.getList(FIRST, Document.class)) {
            first.add(new SearchIndexRun.VersionDifference(difference.getString(SKU), optionalNumber(difference, INDEX_VERSION),
                    optionalNumber(difference, DATABASE_VERSION)));
        }
        return new SearchIndexRun.VerifyReport(number(report, INDEX_COUNT), number(report, DATABASE_COUNT),
                number(report, DIFFERENCES), skuList(report.get(MISSING_FROM_INDEX, Document.class)),
                skuList(report.get(NOT_IN_DATABASE, Document.class)),
                new SearchIndexRun.VersionList(number(versions, COUNT), first));
    }

    private static SearchIndexRun.SkuList skuList(Document list) {
        return new SearchIndexRun.SkuList(number(list, COUNT), List.copyOf(list.getList(FIRST, String.class)));
    }

    private static SearchIndexRun.RebuildReport rebuildReport(Document report) {
        if (report == null) {
            return null;
        }
        return new SearchIndexRun.RebuildReport(number(report, PRODUCTS), report.getString(REPLACED),
                report.getString(INDEX), number(report, MILLIS));
    }
}

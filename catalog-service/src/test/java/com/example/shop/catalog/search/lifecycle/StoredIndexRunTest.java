package com.example.shop.catalog.search.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The reports and progress of a search index run as {@link StoredIndexRun} writes them, compared,
 * types and nulls included, with the documents {@code VerifyIndex}, {@code RebuildIndex} and
 * {@code SearchIndexRuns} wrote before the records did; and a stored run read back as its resource.
 */
class StoredIndexRunTest {

    private static final Date STARTED = new Date(1_700_000_000_000L);
    private static final Date FINISHED = new Date(1_700_000_042_000L);

    private static final SearchIndexRun.VerifyReport VERIFIED = new SearchIndexRun.VerifyReport(299_998, 300_000, 4,
            new SearchIndexRun.SkuList(2, List.of("moanin", "so-what")),
            new SearchIndexRun.SkuList(1, List.of("gone")),
            new SearchIndexRun.VersionList(1, List.of(new SearchIndexRun.VersionDifference("blue-train", null, 3L))));

    /** As VerifyIndex wrote it: every number a long, a version the index lacks a null that is there. */
    private static final Document VERIFIED_AS_STORED = new Document("index_count", 299_998L).append("database_count", 300_000L)
            .append("differences", 4L)
            .append("missing_from_index", new Document("count", 2L).append("first", List.of("moanin", "so-what")))
            .append("not_in_database", new Document("count", 1L).append("first", List.of("gone")))
            .append("version_differs", new Document("count", 1L).append("first", List.of(
                    new Document("sku", "blue-train").append("index_version", null).append("database_version", 3L))));

    private static final SearchIndexRun.RebuildReport REBUILT = new SearchIndexRun.RebuildReport(300_000, "g7", "g8", 41_250);

    private static final Document REBUILT_AS_STORED = new Document("products", 300_000L).append("replaced", "g7")
            .append("index", "g8").append("millis", 41_250L);

    @Test
    void aVerifyReportIsStoredAsItWasBeforeTheRecordAndReadBackWhole() {
        Document stored = StoredIndexRun.verifyReport(VERIFIED);
        assertEquals(VERIFIED_AS_STORED, stored);
        Document difference = stored.get("version_differs", Document.class).getList("first", Document.class).get(0);
        assertEquals(Arrays.asList("sku", "index_version", "database_version"), new ArrayList<>(difference.keySet()),
                "both versions written, the missing one as null");

        SearchIndexRun run = StoredIndexRun.view(finishedRun("verify", stored));
        assertEquals(VERIFIED, run.verify());
        assertNull(run.rebuild());
    }

    @Test
    void aRebuildReportIsStoredAsItWasBeforeTheRecordAndReadBackWhole() {
        Document stored = StoredIndexRun.rebuildReport(REBUILT);
        assertEquals(REBUILT_AS_STORED, stored);
        assertEquals(REBUILT, StoredIndexRun.view(finishedRun("rebuild", stored)).rebuild());
    }

    @Test
    void aStoredRunReadsAsItsResource() {
        Document progress = StoredIndexRun.progress(new SearchIndexRun.Progress("database", 120_000, 300_000));
        assertEquals(new Document("phase", "database").append("done", 120_000L).append("total", 300_000L), progress);

        Document running = new Document("_id", "65a1b2c3d4e5f60718293a4b").append("kind", "verify").append("state", "running")
                .append("replica", "catalog-0:8081").append("progress", progress).append("started_at", STARTED)
                .append("heartbeat_at", STARTED).append("finished_at", null);

        assertEquals(new SearchIndexRun("65a1b2c3d4e5f60718293a4b", "verify", "running", "catalog-0:8081",
                new SearchIndexRun.Progress("database", 120_000, 300_000), STARTED.toInstant(), null, null, null, null),
                StoredIndexRun.view(running));
    }

    private static Document finishedRun(String kind, Document report) {
        return new Document("_id", "65a1b2c3d4e5f60718293a4c").append("kind", kind).append("state", "succeeded")
                .append("replica", "catalog-0:8081")
                .append("progress", new Document("phase", "done").append("done", 300_000L).append("total", 300_000L))
                .append("started_at", STARTED).append("heartbeat_at", FINISHED).append("finished_at", FINISHED)
                .append(kind, report);
    }

    @Test
    void timesAreInstants() {
        SearchIndexRun run = StoredIndexRun.view(finishedRun("rebuild", REBUILT_AS_STORED));
        assertEquals(Instant.ofEpochMilli(1_700_000_042_000L), run.finished_at());
    }
}

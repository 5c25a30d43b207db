package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The one run shape, read as the services answer it (web-support's Run). */
class RunsTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void aFailedImportSaysWhyInItsRunFailedProblemAndCountsItsBytes() throws Exception {
        JsonNode run = json("""
                {"id": "6566f0a1b2c3d4e5f6a7b8c9", "kind": "import-products", "state": "failed",
                 "counts": {"read": 10, "created": 4, "rejected": 1, "bytes_total": 400, "bytes_read": 100},
                 "labels": {"trigger": "manual"}, "started_at": "2026-11-24T08:00:00Z", "finished_at": "2026-11-24T08:00:01Z",
                 "problems": [{"type": "https://problems.shop.example/run-failed", "title": "Run failed", "status": 500,
                               "detail": "The service stopped during the run"}]}""");
        assertEquals("The service stopped during the run", Runs.error(run));
        assertEquals(100, Runs.count(run, "bytes_read"));
        assertEquals(0, Runs.count(run, "updated"));
        assertEquals("manual", Runs.label(run, "trigger"));
        assertEquals("failed: read 10, created 4, updated 0, unchanged 0, rejected 1, 25% of the bytes (The service stopped during the run)",
                ImportRuns.describe(run));
    }

    @Test
    void aVerifysDifferencesAreProblemsButNoError() throws Exception {
        JsonNode run = json("""
                {"id": "6566f0a1b2c3d4e5f6a7b8c9", "kind": "index-verify", "state": "succeeded",
                 "counts": {"differences": 1}, "labels": {"trigger": "manual", "replica": "127.0.0.1:8081"},
                 "started_at": "2026-11-24T08:00:00Z", "finished_at": "2026-11-24T08:00:01Z",
                 "problems": [{"type": "https://problems.shop.example/index-missing-product", "title": "Missing", "sku": "a"}]}""");
        assertNull(Runs.error(run));
        assertEquals("127.0.0.1:8081", Runs.label(run, "replica"));
        assertEquals("", Runs.label(run, "index"));
        assertNull(Runs.error(null));
        assertEquals(0, Runs.count(null, "done"));
    }
}

package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every run (a cart job, an import, a search index verify or rebuild) answers web-support's one
 * {@code Run} shape: {@code {id, kind, state, counts: {name: number}, labels: {name: string},
 * started_at, finished_at, problems: [problem]}}. The harness reads a run's parts only here.
 */
final class Runs {

    private Runs() {
    }

    /** A counter of the run; 0 when it has none (yet), or for no run. */
    static long count(JsonNode run, String name) {
        return run == null ? 0 : run.path("counts").path(name).asLong(0);
    }

    /** A label of the run (trigger, replica, ...); empty when it has none. */
    static String label(JsonNode run, String name) {
        return run == null ? "" : run.path("labels").path(name).asText("");
    }

    /** Why a failed run stopped: the detail of its run-failed problem; null when it has none. */
    static String error(JsonNode run) {
        if (run == null) {
            return null;
        }
        for (JsonNode problem : run.path("problems")) {
            if (problem.path("type").asText().endsWith("/run-failed")) {
                return problem.path("detail").asText(problem.path("title").asText("failed"));
            }
        }
        return null;
    }
}

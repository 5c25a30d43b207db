package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The cart service's admin jobs run in the background: {@code POST <prefix>/admin/jobs/<job>}
 * answers 202 with the run (or the run of that job already going on), and
 * {@code GET <prefix>/admin/jobs/runs/<id>} follows it. {@code prefix} is {@code /api} through the
 * gateway, empty on a cart-service instance.
 */
final class JobRuns {

    /** The end of one job run: the trigger's answer, the final view (null if the trigger failed) and the wait. */
    record Ended(Api.Response trigger, JsonNode run, double seconds) {
        boolean succeeded() {
            return run != null && "succeeded".equals(run.path("state").asText());
        }
    }

    private JobRuns() {
    }

    /**
     * Starts a run of {@code job} ({@code query} like {@code ?olderThan=PT0S}, or empty) and follows
     * it until it has ended or {@code timeoutMillis} passed. A trigger that found another run going on
     * (a scheduled one, or one that another client started) waits for it and starts its own: the
     * caller wants a run with its own threshold, started after its call.
     */
    static Ended runToEnd(Api api, String prefix, String job, String query, long timeoutMillis) throws InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + timeoutMillis * 1_000_000L;
        Api.Response trigger = null;
        while (System.nanoTime() < deadline) {
            long calledAt = System.currentTimeMillis();
            trigger = api.admin("POST", prefix + "/admin/jobs/" + job + query, null);
            if (trigger.status() != 202) {
                return new Ended(trigger, null, (System.nanoTime() - t0) / 1e9);
            }
            JsonNode run = follow(api, prefix, trigger.json().path("id").asText(), deadline);
            if (run == null) {
                break;
            }
            boolean ours = !java.time.Instant.parse(run.path("started_at").asText()).isBefore(
                    java.time.Instant.ofEpochMilli(calledAt - 1000)) && "manual".equals(Runs.label(run, "trigger"));
            if (ours) {
                return new Ended(trigger, run, (System.nanoTime() - t0) / 1e9);
            }
        }
        return new Ended(trigger, null, (System.nanoTime() - t0) / 1e9);
    }

    /** The run's view once it is no longer running; null at the deadline. */
    static JsonNode follow(Api api, String prefix, String id, long deadlineNanos) throws InterruptedException {
        while (System.nanoTime() < deadlineNanos) {
            Api.Response r = api.admin("GET", prefix + "/admin/jobs/runs/" + id, null);
            if (r.ok() && !"running".equals(r.json().path("state").asText())) {
                return r.json();
            }
            Thread.sleep(200);
        }
        return null;
    }
}

package com.example.shop.cart.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A job run as admins see it: {@code GET /admin/jobs/runs/{id}}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Schema(name = "JobRun")
public record JobRunView(
        @Schema(required = true, description = "The run's id (24 hex digits)") String id,
        @Schema(required = true, enumeration = {"expire-carts", "cleanup-inventory", "resolve-checkouts"}) String job,
        @Schema(required = true, enumeration = {"manual", "scheduled"}) String trigger,
        @Schema(required = true, enumeration = {"running", "succeeded", "failed"}) String state,
        @Schema(required = true, description = "The job's counters so far: expire-carts locked, expired, returned_units; "
                + "cleanup-inventory examined, returned_entries, returned_units; resolve-checkouts completed, released, finalized")
        Map<String, Long> counts,
        @Schema(required = true) Instant startedAt,
        @Schema(required = true, nullable = true, description = "null while running") Instant finishedAt,
        @Schema(description = "Why the run failed; absent otherwise")
        @JsonInclude(JsonInclude.Include.NON_NULL) String error) {

    /** One page of runs, newest first; {@code next} is the cursor of the following page, null on the last. */
    @Schema(name = "JobRunPage")
    public record Page(@Schema(required = true) List<JobRunView> items,
                       @Schema(required = true, nullable = true) String next) {
    }
}

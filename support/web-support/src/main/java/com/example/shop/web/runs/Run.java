package com.example.shop.web.runs;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A run of long work (a cart job, an import, a search index verify or rebuild) as its resource
 * shows it: the one shape of every run in every service (docs/design.md, "Runs").
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Schema(name = "Run", description = "A run of long work: a cart job, an import, a search index verify or rebuild. "
        + "The same shape for every kind; the kind says which counts and labels it has.")
public record Run(
        @Schema(required = true, description = "The run's id (24 hex digits)") String id,
        @Schema(required = true, description = "What runs: expire-carts, cleanup-inventory, resolve-checkouts, "
                + "import-products, import-categories, import-stock, index-verify, index-rebuild") String kind,
        @Schema(required = true, enumeration = {"running", "succeeded", "failed"}) String state,
        @Schema(required = true, description = "The run's counters so far, by name (an import: read, created, updated, "
                + "unchanged, rejected, bytes_total, bytes_read; an index run: done, total and its report's counts; "
                + "a job: its own counters)") Map<String, Long> counts,
        @Schema(required = true, description = "What the run is about: trigger (manual or scheduled) on every run; "
                + "replica on an index run; index and replaced on an index rebuild") Map<String, String> labels,
        @Schema(required = true) Instant startedAt,
        @Schema(required = true, nullable = true, description = "null while running") Instant finishedAt,
        @Schema(required = true, description = "RFC 9457 problems, each as the Problem schema: a failed run's run-failed "
                + "problem; an index verify's first differences (index-missing-product, index-extra-product, "
                + "index-version-differs, with their sku)") List<Map<String, Object>> problems) {
}

package com.example.shop.web.bulk;

import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An import as its run resource shows it. */
@Schema(name = "ImportRun")
public record ImportRun(
        @Schema(description = "The run's id") String id,
        @Schema(description = "What is imported", enumeration = {"products", "categories", "stock"}) String kind,
        @Schema(enumeration = {"running", "succeeded", "failed"}) String state,
        ImportCounts counts,
        @Schema(description = "Size of the uploaded file") long bytes_total,
        @Schema(description = "How much of it has been read: bytes_read / bytes_total is the progress") long bytes_read,
        Instant started_at,
        Instant finished_at,
        @Schema(description = "Why a failed run stopped; absent otherwise") String error) {
}

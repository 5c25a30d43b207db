package com.example.shop.catalog.search.lifecycle;

import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A verify or rebuild of one replica's search index, as its run resource shows it. */
@Schema(name = "SearchIndexRun")
public record SearchIndexRun(
        @Schema(description = "The run's id (24 hex digits)") String id,
        @Schema(enumeration = {"verify", "rebuild"}) String kind,
        @Schema(enumeration = {"running", "succeeded", "failed"}) String state,
        @Schema(description = "The replica whose index it is (host:port): each replica has an index of its own") String replica,
        Progress progress,
        Instant started_at,
        Instant finished_at,
        @Schema(description = "What a verify found; once it has succeeded, verify runs only") VerifyReport verify,
        @Schema(description = "What a rebuild did; once it has succeeded, rebuild runs only") RebuildReport rebuild,
        @Schema(description = "Why a failed run stopped; absent otherwise") String error) {

    /** How far a run has come: {@code done} of {@code total} products in its phase ({@code total} is an estimate). */
    @Schema(name = "SearchIndexRunProgress")
    public record Progress(
            @Schema(description = "verify: index, database, extra, done; rebuild: scan, swap, done") String phase,
            @Schema(description = "Products handled in this phase") long done,
            @Schema(description = "Products to handle in this phase, as estimated when it began") long total) {
    }

    /**
     * The differences between this replica's index and MongoDB: products missing from the index, in
     * the index but no longer in MongoDB, and at another version in the index than in MongoDB. Each
     * is counted whole and listed up to its first 100 skus (in sku order).
     */
    @Schema(name = "SearchIndexVerifyReport")
    public record VerifyReport(
            @Schema(description = "Products in the index") long index_count,
            @Schema(description = "Products in MongoDB") long database_count,
            @Schema(description = "All differences: the sum of the three counts; 0 for an index that is right") long differences,
            SkuList missing_from_index,
            SkuList not_in_database,
            VersionList version_differs) {
    }

    @Schema(name = "SearchIndexSkuList")
    public record SkuList(long count, @Schema(description = "The first skus in sku order, at most 100") List<String> first) {
    }

    @Schema(name = "SearchIndexVersionList")
    public record VersionList(long count, @Schema(description = "The first in sku order, at most 100") List<VersionDifference> first) {
    }

    @Schema(name = "SearchIndexVersionDifference")
    public record VersionDifference(String sku,
                                    @Schema(description = "The version the index holds; null: none") Long index_version,
                                    @Schema(description = "The version MongoDB holds; null: none") Long database_version) {
    }

    @Schema(name = "SearchIndexRebuildReport")
    public record RebuildReport(
            @Schema(description = "Products read from MongoDB into the new index") long products,
            @Schema(description = "The index generation replaced (its directory is removed)") String replaced,
            @Schema(description = "The index generation now in use") String index,
            @Schema(description = "How long the build and the swap took") long millis) {
    }
}

package com.example.shop.catalog.search.lifecycle;

import com.example.shop.problems.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a verify found: the products missing from this replica's index, those in the index that
 * MongoDB no longer has, and those the index holds at another version, each counted whole and
 * listed up to its first {@value VerifyIndex#LISTED} skus in sku order. Its run shows the counts,
 * and each listed product as a problem naming its {@code sku}.
 */
record VerifyFindings(long indexCount, long databaseCount, long missingCount, List<String> missing, long extraCount,
                      List<String> extra, long differingCount, List<VersionDifference> differing) {

    /** A product at one version in the index and another in MongoDB; null: it has none there. */
    record VersionDifference(String sku, Long indexVersion, Long databaseVersion) {
    }

    VerifyFindings {
        missing = List.copyOf(missing);
        extra = List.copyOf(extra);
        differing = List.copyOf(differing);
    }

    /** Every difference: 0 for an index that is right. */
    long differences() {
        return missingCount + extraCount + differingCount;
    }

    Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("index_count", indexCount);
        counts.put("database_count", databaseCount);
        counts.put("differences", differences());
        counts.put("missing_from_index", missingCount);
        counts.put("not_in_database", extraCount);
        counts.put("version_differs", differingCount);
        return counts;
    }

    /** The listed products, the missing first, then the extra, then those whose version differs. */
    List<Problem> problems() {
        List<Problem> problems = new ArrayList<>();
        for (String sku : missing) {
            problems.add(Problem.of(409, "index-missing-product", "Product missing from the index",
                    "MongoDB has product '" + sku + "'; this replica's search index does not").with("sku", sku));
        }
        for (String sku : extra) {
            problems.add(Problem.of(409, "index-extra-product", "Product not in MongoDB",
                    "This replica's search index has product '" + sku + "', which MongoDB no longer has").with("sku", sku));
        }
        for (VersionDifference difference : differing) {
            problems.add(Problem.of(409, "index-version-differs", "Product version differs",
                    "This replica's search index holds product '" + difference.sku() + "' at version "
                            + difference.indexVersion() + ", MongoDB at " + difference.databaseVersion())
                    .with("sku", difference.sku()).with("index_version", difference.indexVersion())
                    .with("database_version", difference.databaseVersion()));
        }
        return problems;
    }
}

package com.example.shop.catalog.search.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.problems.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a verify found, as its run shows it: the counts by name, and each listed product a problem naming it. */
class VerifyFindingsTest {

    private static final VerifyFindings FOUND = new VerifyFindings(299_998, 300_000, 2, List.of("moanin", "so-what"),
            1, List.of("gone"), 1, List.of(new VerifyFindings.VersionDifference("blue-train", null, 3L)));

    @Test
    void everyKindIsCountedWholeAndTheDifferencesSummed() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("index_count", 299_998L);
        counts.put("database_count", 300_000L);
        counts.put("differences", 4L);
        counts.put("missing_from_index", 2L);
        counts.put("not_in_database", 1L);
        counts.put("version_differs", 1L);
        assertEquals(counts, FOUND.counts());
        assertEquals(List.copyOf(counts.keySet()), List.copyOf(FOUND.counts().keySet()));
    }

    @Test
    void eachListedProductIsAProblemNamingItsSkuTheMissingFirst() {
        List<Problem> problems = FOUND.problems();
        assertEquals(List.of("https://problems.shop.example/index-missing-product", "https://problems.shop.example/index-missing-product",
                        "https://problems.shop.example/index-extra-product", "https://problems.shop.example/index-version-differs"),
                problems.stream().map(Problem::type).toList());
        assertEquals(List.of("moanin", "so-what", "gone", "blue-train"), problems.stream().map(p -> p.member("sku")).toList());
        Problem differs = problems.get(3);
        assertEquals(Map.of("sku", "blue-train", "database_version", 3L), differs.members(), "a version the index lacks is left out");
    }
}

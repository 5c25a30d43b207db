package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scale scenario's medians, ratios and summary figures, and the query set's word pair, from files. */
class ScaleReportTest {

    @TempDir
    Path dir;

    private static String wrk(long requests, long p99us) {
        return "{\"requests\":" + requests + ",\"duration_us\":1000000,\"p50_us\":1000,\"p99_us\":" + p99us
                + ",\"max_us\":1,\"connect_errors\":0,\"read_errors\":0,\"write_errors\":0,\"status_errors\":0,\"timeouts\":0,\"non2xx\":0}";
    }

    @Test
    void mediansOfRoundsAndRatiosWithinARound() throws Exception {
        StringBuilder reads = new StringBuilder();
        // small: product 1000/2000/3000 req/s over the rounds, category half of each round's product rate
        long[] product = {1000, 2000, 3000};
        for (int r = 1; r <= 3; r++) {
            reads.append("small\t").append(r).append("\tproduct\t10\t5\t").append(wrk(product[r - 1], 2000)).append('\n');
            reads.append("small\t").append(r).append("\tcategory\t10\t5\t").append(wrk(product[r - 1] / 2, 4000 * r)).append('\n');
            reads.append("large\t").append(r).append("\tproduct\t10\t5\t").append(wrk(2000, 2000)).append('\n');
            reads.append("large\t").append(r).append("\tcategory\t10\t5\t").append(wrk(1500 - 100 * r, 60_000)).append('\n');
            reads.append("large\t").append(r).append("\toption_filter\t10\t5\t").append(wrk(1000, 90_000)).append('\n');
        }
        Files.writeString(dir.resolve("reads.tsv"), reads);
        Files.writeString(dir.resolve("profiles.tsv"), "large\trss_mib\t250\nlarge\tidle_cpu_pct\t0.80\nlarge\trss_anon_mib\t210\nlarge\trss_file_mib\t40\nlarge\trestart_median\t3.2\nsmall\trss_mib\t150\n");
        Files.writeString(dir.resolve("scale-small-queries.tsv"), "category\t/api/products?category=jazz&limit=20\t480\tcategory page `jazz`\n");
        int code = ScaleReport.run(new Args(new String[] {"scale-report", "--order", "small medium large", "--reads", dir.resolve("reads.tsv").toString(),
                "--profiles", dir.resolve("profiles.tsv").toString(), "--work", dir.toString(), "--rounds", "3",
                "--md", dir.resolve("out.md").toString(), "--facts", dir.resolve("facts.tsv").toString()}, 1));
        assertEquals(0, code);
        Map<String, String> facts = new java.util.HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("facts.tsv"))) {
            String[] f = line.split("\t", 2);
            facts.put(f[0], f[1]);
        }
        assertEquals("large", facts.get("scale_top"));
        assertEquals("small", facts.get("scale_first"));
        assertEquals("1300", facts.get("scale_rps_category")); // median of 1400, 1300, 1200
        assertEquals("0.65", facts.get("scale_ratio_category"));
        assertEquals("60.0", facts.get("scale_p99_category"));
        assertEquals("0.50", facts.get("scale_ratio_option_filter"));
        assertEquals("90.0", facts.get("scale_p99_option_filter"));
        assertTrue(Files.readString(dir.resolve("out.md")).contains("| large | size, colour and inStock in a category | **1,000** (1,000–1,000) | **0.50** |"));
        assertEquals("1000", facts.get("scale_first_rps_category")); // median of 500, 1000, 1500
        assertEquals("1.30", facts.get("scale_flat_category"));
        assertEquals("1.00", facts.get("scale_flat_product"));
        assertEquals("250", facts.get("scale_rss_mib"));
        assertEquals("0.80", facts.get("scale_idle_cpu_pct"));
        assertEquals("210", facts.get("scale_rss_anon_mib"));
        assertEquals("40", facts.get("scale_rss_file_mib"));
        assertEquals("3.2", facts.get("scale_restart_median"));
        assertEquals("0", facts.get("scale_errors"));
        String md = Files.readString(dir.resolve("out.md"));
        assertTrue(md.contains("category page `jazz`"), md);
        assertTrue(md.contains("| small | category page | **1,000** (500–1,500) | **0.50** |"), md);
        assertFalse(md.contains("| medium | one product"), "a profile not measured has no rows");
    }

    @Test
    void theMiddleProductOfTheMostCommonTypeAndTheWordPairFoundTogetherInTheMostTitles() throws Exception {
        Path products = dir.resolve("products.ndjson");
        Files.write(products, List.of(
                "{\"sku\":\"A1\",\"type\":\"Album\",\"title\":\"Blue Train\"}",
                "{\"sku\":\"F1\",\"type\":\"Film\",\"title\":\"The Blue Train of Night\"}",
                "{\"sku\":\"A3\",\"type\":\"Album\",\"title\":\"Night Songs II\"}",
                "{\"sku\":\"A4\",\"type\":\"Album\",\"title\":\"Blue Night\"}",
                "{\"sku\":\"A5\",\"type\":\"Album\",\"title\":\"Train in Blue, Part Two\"}"));
        ScaleQueries.StoreScan scan = ScaleQueries.StoreScan.of(products);
        assertEquals(5, scan.lines);
        assertEquals("Album", scan.middleType, "the most common type");
        assertEquals(4, scan.ofType);
        assertEquals("A3", scan.middleSku, "the second of its four albums, not the film in the middle of the file");
        assertEquals(3, scan.middleLine);
        assertEquals("blue train", scan.pair);
        assertEquals(3, scan.pairTitles);
        assertEquals(List.of("Night", "Songs"), List.copyOf(ScaleQueries.StoreScan.words("Night Songs II")));
    }
}

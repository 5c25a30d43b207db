package com.example.shop.category.benchmark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.CommandCounter;
import com.example.shop.category.support.Trees;
import com.example.shop.category.tree.CategoryStore;
import com.example.shop.category.write.UpdateCategory;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Moves a subtree of 1,000 descendants back and forth between two parents with the service's bulk
 * move and with a one-update-per-node move, in one run, and reports median time and round trips.
 * Run: {@code mvn -B -o verify -pl category-service -Pbenchmark}. Writes
 * {@code target/benchmark/category-move.md}.
 */
@Tag("benchmark")
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class MoveBenchmarkTest {

    static final int DESCENDANTS = 1000;
    static final int WARMUP = 2;
    static final int REPETITIONS = 7;

    @Inject
    UpdateCategory update;

    @Inject
    CategoryStore store;

    @Inject
    CommandCounter counter;

    private record Sample(long nanos, int roundTrips) {
    }

    @Test
    void bulkVersusPerNode() throws IOException {
        Trees.reset();
        Map<String, String> parents = new LinkedHashMap<>();
        parents.put("left", null);
        parents.put("right", null);
        parents.putAll(Trees.wideTree("big", DESCENDANTS, 10));
        Trees.seed(parents);

        List<Sample> bulk = new ArrayList<>();
        List<Sample> perNode = new ArrayList<>();
        for (int i = 0; i < WARMUP + REPETITIONS; i++) {
            // big starts as a root; each repetition: bulk moves it under left, per-node back under right
            String to = "left";
            String back = "right";
            Sample b = measure(() -> update.update("big", new UpdateCategory.Changes(null, null, true, to)));
            Sample p = measure(() -> PerNodeMove.move(store.categories(), "big", back));
            if (i >= WARMUP) {
                bulk.add(b);
                perNode.add(p);
            }
        }
        assertTrue(bulk.stream().allMatch(s -> s.roundTrips() > 5), "every bulk sample really moved");
        Trees.assertDatabaseConsistent();
        Api.verify().then().body("healthy", org.hamcrest.Matchers.equalTo(true));

        double bulkMs = median(bulk.stream().map(s -> s.nanos() / 1e6).toList());
        double perNodeMs = median(perNode.stream().map(s -> s.nanos() / 1e6).toList());
        double bulkTrips = median(bulk.stream().map(s -> (double) s.roundTrips()).toList());
        double perNodeTrips = median(perNode.stream().map(s -> (double) s.roundTrips()).toList());
        String table = String.format("""
                ## Category subtree move: %d descendants, median of %d repetitions (after %d warm-up)

                Database: %s. Machine: %d cores seen by the JVM (shared; compare only within one run).

                | implementation | median time (ms) | round trips | all times (ms) |
                |---|---:|---:|---|
                | bulk (service: set parent, re-derive subtree, one bulkWrite, verify pass) | %.1f | %.0f | %s |
                | one update per node (book's recursive update) | %.1f | %.0f | %s |
                | ratio per-node / bulk | %.2fx | %.1fx | |

                The embedded server runs in the test JVM, so a round trip costs almost nothing here and
                the time is the server's own work per document (the bulk move reads the subtree twice:
                derive, then confirm). Each extra millisecond of network round-trip time adds about
                %d ms to the per-node move and %d ms to the bulk move.
                """, DESCENDANTS, REPETITIONS, WARMUP,
                MongoTestResource.isEmbedded() ? "embedded mongo-java-server (in memory)" : "MongoDB (Testcontainers mongo:7)",
                Runtime.getRuntime().availableProcessors(),
                bulkMs, bulkTrips, times(bulk), perNodeMs, perNodeTrips, times(perNode),
                perNodeMs / bulkMs, perNodeTrips / bulkTrips, Math.round(perNodeTrips), Math.round(bulkTrips));
        System.out.println(table);
        Path out = Path.of("target", "benchmark", "category-move.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, table);
        assertTrue(perNodeTrips > bulkTrips, "the bulk move must use fewer round trips");
    }

    private Sample measure(Runnable move) {
        List<String> commands = new ArrayList<>();
        long start = System.nanoTime();
        counter.recordInto(commands, () -> {
            move.run();
            return null;
        });
        return new Sample(System.nanoTime() - start, commands.size());
    }

    private static String times(List<Sample> samples) {
        return String.join(", ", samples.stream().map(s -> String.format("%.0f", s.nanos() / 1e6)).toList());
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}

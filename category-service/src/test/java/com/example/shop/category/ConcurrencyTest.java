package com.example.shop.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.Trees;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Many threads move and rename nodes of one small tree at once (so their subtrees overlap); at the
 * end every node's ancestors must equal its parent chain, by the service's verify and by the
 * test's own computation from the stored parent pointers.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class ConcurrencyTest {

    private static final int THREADS = 8;
    private static final int OPS_PER_THREAD = 15;

    @Test
    void concurrentMovesAndRenamesOfOverlappingSubtreesSettleConsistently() throws Exception {
        Trees.reset();
        Map<String, String> parents = Trees.wideTree("t", 40, 3);
        Trees.seed(parents);
        Trees.assertDatabaseConsistent();
        List<String> slugs = new ArrayList<>(parents.keySet());

        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            long seed = 1000L + t;
            done.add(pool.submit(() -> {
                Random random = new Random(seed);
                start.await();
                for (int i = 0; i < OPS_PER_THREAD; i++) {
                    String node = slugs.get(random.nextInt(slugs.size()));
                    int status;
                    if (random.nextInt(5) < 3) {
                        String target = random.nextInt(8) == 0 ? null : slugs.get(random.nextInt(slugs.size()));
                        status = Api.move(node, target).statusCode();
                    } else {
                        status = Api.rename(node, "N" + seed + "-" + i).statusCode();
                    }
                    statuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(180, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertTrue(statuses.keySet().stream().allMatch(s -> s == 200 || s == 409), "only 200 or 409 (cycle): " + statuses);
        assertTrue(statuses.getOrDefault(200, new AtomicInteger()).get() > THREADS * OPS_PER_THREAD / 2, "most succeed: " + statuses);
        Api.verify().then().statusCode(200)
                .body("healthy", org.hamcrest.Matchers.equalTo(true))
                .body("findings.size()", org.hamcrest.Matchers.equalTo(0));
        Trees.assertDatabaseConsistent();
        assertEquals(parents.size(), Trees.db().getCollection("categories").countDocuments());
    }
}

package com.example.shop.category;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.category.support.Api;
import com.example.shop.category.support.CommandCounter;
import com.example.shop.category.support.Trees;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A subtree move costs a small constant number of database commands, whatever the subtree's size. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
class RoundTripTest {

    /** Take the lease, node and new parent, parent pointer, one bulk write for the subtree, release. */
    static final int MAX_ROUND_TRIPS = 5;

    @Inject
    CommandCounter counter;

    @Test
    void movingAThousandNodeSubtreeTakesAsManyRoundTripsAsATenNodeOne() {
        Trees.reset();
        Map<String, String> parents = new LinkedHashMap<>();
        parents.put("target", null);
        parents.putAll(Trees.wideTree("big", 1000, 10));
        parents.putAll(Trees.wideTree("small", 10, 3));
        Trees.seed(parents);
        Api.move("small", "target").then().statusCode(200); // warm-up (indexes, JIT)
        Api.move("small", null).then().statusCode(200);

        List<String> small = counter.record(() -> Api.move("small", "target").then().statusCode(200));
        List<String> big = counter.record(() -> Api.move("big", "target").then().statusCode(200));
        System.out.printf("round trips: 10-node move %d %s%n            1000-node move %d %s%n", small.size(), small, big.size(), big);

        assertTrue(big.size() <= MAX_ROUND_TRIPS, "1000-node move used " + big.size() + " commands: " + big);
        assertTrue(big.size() <= small.size(), "grows with the subtree: " + small.size() + " → " + big.size());
        Api.verify().then().body("healthy", org.hamcrest.Matchers.equalTo(true));
        Trees.assertDatabaseConsistent();
    }
}

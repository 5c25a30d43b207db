package com.example.shop.bench.gatling.drop;

import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import com.example.shop.bench.gatling.shoppers.Gateway;
import com.example.shop.bench.gatling.shoppers.Knobs;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

/**
 * bench/run scenario {@code drop}, the open model (issue 60): shoppers arrive at a rate of their
 * own, whether or not the platform keeps up, so the latency counts the queue a crowd meets (the
 * closed-loop drop of bench-harness waits for each answer before the next request and cannot).
 *
 * <p>Injection profile: open, {@code rampUsers(users).during(rampSeconds)}: by default 1,000
 * shoppers arriving evenly over 60 s (about 17 a second), each one visit ({@link DropVisit}), each its
 * own client with its own {@code X-Forwarded-For}.
 *
 * <p>Knobs ({@code -D}): {@code gateway}, {@code stock} (the skus, from {@code bench-harness
 * stock-setup}), {@code users} [1000], {@code rampSeconds} [60], {@code checkout} [0.7].
 *
 * <p>Pass rule (an assertion, so Gatling's exit status says it): no request failed, i.e. no 5xx, no
 * request without an answer and no status outside each request's contract. The books (oversold,
 * stranded, the invariant) are {@code bench-harness stock-audit}'s, after the run.
 */
public class DropSimulation extends Simulation {

    private final int users = Knobs.integer("users", 1_000);
    private final int rampSeconds = Knobs.integer("rampSeconds", 60);

    private final ScenarioBuilder shoppers = scenario("drop shopper")
            .exec(new DropVisit(Gateway.skus(), Knobs.decimal("checkout", 0.7)).chain());

    {
        setUp(shoppers.injectOpen(rampUsers(users).during(rampSeconds)))
                .protocols(Gateway.protocol())
                .assertions(global().failedRequests().count().is(0L));
    }
}

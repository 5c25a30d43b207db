package com.example.shop.bench.gatling.reservation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.example.shop.bench.gatling.shoppers.Gateway;
import com.example.shop.bench.gatling.shoppers.Knobs;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * bench/run scenario {@code reserve}, the open model (issue 60): the reservation mix of
 * bench-harness's ReservationBench (its Carts sessions) on the same hot skus, with sessions arriving
 * at a fixed rate instead of 64 threads each waiting for its last answer.
 *
 * <p>Injection profile: open, {@code constantUsersPerSec(rate).during(seconds)}: each arrival one
 * shopper's session ({@link ReservationVisit}), its own client with its own {@code X-Forwarded-For};
 * bench/run sets the rate to the sessions per second the closed loop reached just before, so both
 * latencies are read at the same throughput. Beside it the restocker of ReservationBench, also
 * open: {@code constantUsersPerSec(restocksPerSecond)}, each an admin restock of 10 units of a
 * random hot sku (4 a second, every 250 ms, as there).
 *
 * <p>Knobs ({@code -D}): {@code gateway}, {@code token} (an admin's), {@code stock} (the hot skus,
 * from {@code bench-harness stock-setup}), {@code rate} [10] sessions/s, {@code seconds} [30],
 * {@code restocksPerSecond} [4].
 *
 * <p>Pass rule (an assertion): no request failed, i.e. no 5xx, no request without an answer and no
 * status outside each request's contract (409 insufficient-inventory and 402 declined are answers
 * of the contract, as in the harness). The invariant is {@code bench-harness stock-audit}'s.
 */
public class ReservationSimulation extends Simulation {

    private final List<String> skus = Gateway.skus();
    private final Duration duration = Knobs.seconds("seconds", 30);

    private final ScenarioBuilder shoppers = scenario("reservation shopper").exec(new ReservationVisit(skus).chain());

    private final ScenarioBuilder restocker = scenario("restocker")
            .exec(s -> s.set("clientAddress", "127.0.0.1").set("restockSku", skus.get(ThreadLocalRandom.current().nextInt(skus.size()))))
            .exec(http("restock").post("/api/inventory/#{restockSku}/restock")
                    .header("Authorization", "Bearer " + Knobs.required("token"))
                    .body(StringBody("{\"qty\":10}"))
                    .check(status().in(200, 201, 204)));

    {
        setUp(shoppers.injectOpen(constantUsersPerSec(Knobs.decimal("rate", 10)).during(duration)),
                restocker.injectOpen(constantUsersPerSec(Knobs.decimal("restocksPerSecond", 4)).during(duration)))
                .protocols(Gateway.protocol())
                .assertions(global().failedRequests().count().is(0L));
    }
}

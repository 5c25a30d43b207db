package com.example.shop.bench.gatling.drop;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.example.shop.bench.gatling.shoppers.Gateway;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One shopper's visit to the drop, as bench-harness's DropShopper makes it: create a cart, add 1 or
 * 2 units of a size picked at random, then check out (approved payment) or abandon the cart, which
 * keeps its units until the expiry job returns them. An add refused as insufficient takes what is
 * left, or goes to the next size when nothing is; a 429 or 503 is waited out (Retry-After) and the
 * same request made again, a checkout with the same Idempotency-Key. Unlike the closed-loop shopper,
 * which comes back again and again until the drop is sold out, an arrival of the open model visits
 * once: when every size refused it with nothing available, it leaves, as a person would.
 */
final class DropVisit {

    /** Tries of one request that is told to come back later. */
    private static final int MAX_TRIES = 10;

    private final List<String> skus;
    private final double checkoutShare;

    DropVisit(List<String> skus, double checkoutShare) {
        if (skus.isEmpty()) {
            throw new IllegalArgumentException("no sku in -Dstock");
        }
        this.skus = skus;
        this.checkoutShare = checkoutShare;
    }

    ChainBuilder chain() {
        return exec(s -> Gateway.arrive(s).set("sku", ThreadLocalRandom.current().nextInt(skus.size()))
                .set("want", 1 + ThreadLocalRandom.current().nextInt(2)).set("held", 0))
                .exec(createCart())
                .doIf(s -> s.contains("cartId")).then(
                        exec(addUntilHeld())
                                .doIf(s -> s.getInt("held") > 0 && ThreadLocalRandom.current().nextDouble() < checkoutShare)
                                .then(checkout()));
    }

    /** POST /api/carts until answered (429 and 503 waited out). */
    private ChainBuilder createCart() {
        return retried(exec(http("create cart").post("/api/carts")
                .check(status().saveAs(Gateway.STATUS), status().in(201, 429),
                        header("Retry-After").optional().saveAs(Gateway.retryAfterKey()),
                        jsonPath("$.id").optional().saveAs("cartId"))));
    }

    /**
     * The add: 200 holds the units; 409 insufficient with some available takes those, with none goes
     * to the next size (each size once); anything else ends the tries.
     */
    private ChainBuilder addUntilHeld() {
        return exec(s -> s.set("sizesLeft", skus.size()).set("tries", 0).set("again", true))
                .asLongAs(s -> s.getBoolean("again")).on(
                        exec(Gateway::forget)
                                .exec(s -> s.remove("problem").remove("available"))
                                .exec(http("add item").post("/api/carts/#{cartId}/items")
                                        .body(StringBody(s -> "{\"sku\":\"" + skus.get(s.getInt("sku")) + "\",\"qty\":" + s.getInt("want") + "}"))
                                        .check(status().saveAs(Gateway.STATUS), status().in(200, 409, 429),
                                                header("Retry-After").optional().saveAs(Gateway.retryAfterKey()),
                                                jsonPath("$.type").optional().saveAs("problem"),
                                                jsonPath("$.available").optional().saveAs("available")))
                                .exec(this::afterAdd)
                                .doIf(Gateway::comeBackLater).then(Gateway.waitOut()));
    }

    private Session afterAdd(Session s) {
        int status = Gateway.status(s);
        int tries = s.getInt("tries") + 1;
        s = s.set("tries", tries);
        if (status == 200) {
            return s.set("held", s.getInt("want")).set("again", false);
        }
        if (Gateway.comeBackLater(s)) {
            return s.set("again", tries < MAX_TRIES);
        }
        String problem = s.contains("problem") ? s.getString("problem") : "";
        if (status != 409 || !problem.endsWith("insufficient-inventory")) {
            return s.set("again", false);
        }
        long available = s.contains("available") ? Long.parseLong(s.getString("available")) : 0;
        if (available > 0) {
            return s.set("want", (int) Math.min(s.getInt("want"), available)); // take what is left
        }
        int sizesLeft = s.getInt("sizesLeft") - 1;
        return s.set("sizesLeft", sizesLeft).set("sku", (s.getInt("sku") + 1) % skus.size()).set("again", sizesLeft > 0);
    }

    /** POST checkout with an approved payment, one Idempotency-Key for its retries. */
    private ChainBuilder checkout() {
        return exec(s -> s.set("idempotencyKey", UUID.randomUUID().toString()))
                .exec(retried(exec(http("checkout").post("/api/carts/#{cartId}/checkout")
                        .header("Idempotency-Key", "#{idempotencyKey}")
                        .body(StringBody("{\"payment\":{\"method\":\"card\",\"simulate\":\"approve\"}}"))
                        // 202: no answer from payments in time (the job resolves it); 409: the expiry took the cart first
                        .check(status().saveAs(Gateway.STATUS), status().in(200, 202, 409, 429),
                                header("Retry-After").optional().saveAs(Gateway.retryAfterKey())))));
    }

    /** The request again, after its Retry-After, while it is told to come back later (at most {@link #MAX_TRIES}). */
    private static ChainBuilder retried(ChainBuilder request) {
        return exec(s -> s.set("tries", 0).set("again", true))
                .asLongAs(s -> s.getBoolean("again")).on(
                        exec(Gateway::forget)
                                .exec(request)
                                .exec(s -> s.set("tries", s.getInt("tries") + 1))
                                .exec(s -> s.set("again", Gateway.comeBackLater(s) && s.getInt("tries") < MAX_TRIES))
                                .doIf(s -> s.getBoolean("again")).then(Gateway.waitOut()));
    }
}

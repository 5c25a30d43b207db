package com.example.shop.bench.gatling.reservation;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.foreach;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import com.example.shop.bench.gatling.shoppers.Gateway;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One shopper's session of the reservation mix, the steps and shares of bench-harness's Carts as
 * ReservationBench runs it: create a cart; add 1 to 3 hot skus (1 or 2 units each); change one
 * line's quantity (1 to 3); remove one line (half the visits with two lines or more); then check out
 * approved (25 %), check out declined (5 %), empty the cart (55 %) or walk away (15 %, the cart left
 * to the expiry).
 */
final class ReservationVisit {

    static final double APPROVE = 0.25;
    static final double DECLINE = 0.05;
    static final double EMPTY = 0.55;

    private final List<String> skus;

    ReservationVisit(List<String> skus) {
        if (skus.isEmpty()) {
            throw new IllegalArgumentException("no sku in -Dstock");
        }
        this.skus = skus;
    }

    ChainBuilder chain() {
        return exec(s -> Gateway.arrive(s).set("lines", List.of()))
                .exec(http("create cart").post("/api/carts").check(status().is(201), jsonPath("$.id").saveAs("cartId")))
                .doIf(s -> s.contains("cartId")).then(
                        exec(addHotSkus())
                                .doIf(s -> !lines(s).isEmpty()).then(changeOneLine())
                                .doIf(s -> lines(s).size() > 1 && ThreadLocalRandom.current().nextBoolean()).then(removeOneLine())
                                .exec(s -> s.set("ending", ending(!lines(s).isEmpty(), ThreadLocalRandom.current().nextDouble())))
                                .doIf(s -> s.getString("ending").equals("approve")).then(checkout("approve", 200, 202))
                                .doIf(s -> s.getString("ending").equals("decline")).then(checkout("decline", 402))
                                .doIf(s -> s.getString("ending").equals("empty")).then(
                                        foreach(s -> lines(s), "line").on(exec(http("remove item")
                                                .delete("/api/carts/#{cartId}/items/#{line}").check(status().in(200, 204))))));
    }

    /** The session's end for a roll in [0, 1): the shares of the class comment; a cart without lines is not checked out. */
    static String ending(boolean hasLines, double roll) {
        if (hasLines && roll < APPROVE) {
            return "approve";
        }
        if (hasLines && roll < APPROVE + DECLINE) {
            return "decline";
        }
        return roll < APPROVE + DECLINE + EMPTY ? "empty" : "walk away";
    }

    private ChainBuilder addHotSkus() {
        return repeat(s -> 1 + ThreadLocalRandom.current().nextInt(3)).on(
                exec(s -> Gateway.forget(s).set("addSku", skus.get(ThreadLocalRandom.current().nextInt(skus.size()))))
                        .exec(http("add item").post("/api/carts/#{cartId}/items")
                                .body(StringBody(s -> "{\"sku\":\"" + s.getString("addSku") + "\",\"qty\":" + (1 + ThreadLocalRandom.current().nextInt(2)) + "}"))
                                // 409: the stock is short, an answer of the contract
                                .check(status().saveAs(Gateway.STATUS), status().in(200, 409)))
                        .exec(s -> Gateway.status(s) == 200 ? withLine(s, s.getString("addSku")) : s));
    }

    private ChainBuilder changeOneLine() {
        return exec(s -> s.set("line", pickLine(s)))
                .exec(http("change qty").put("/api/carts/#{cartId}/items/#{line}")
                        .body(StringBody(s -> "{\"qty\":" + (1 + ThreadLocalRandom.current().nextInt(3)) + "}"))
                        .check(status().in(200, 409)));
    }

    private ChainBuilder removeOneLine() {
        return exec(s -> {
            String line = pickLine(s);
            List<String> rest = new ArrayList<>(lines(s));
            rest.remove(line);
            return s.set("line", line).set("lines", List.copyOf(rest));
        }).exec(http("remove item").delete("/api/carts/#{cartId}/items/#{line}").check(status().in(200, 204)));
    }

    private static ChainBuilder checkout(String simulate, Integer... expected) {
        return exec(s -> s.set("idempotencyKey", UUID.randomUUID().toString()))
                .exec(http("checkout " + simulate).post("/api/carts/#{cartId}/checkout")
                        .header("Idempotency-Key", "#{idempotencyKey}")
                        .body(StringBody("{\"payment\":{\"method\":\"card\",\"simulate\":\"" + simulate + "\"}}"))
                        .check(status().in(expected)));
    }

    private static List<String> lines(Session s) {
        return s.getList("lines");
    }

    private static Session withLine(Session s, String sku) {
        List<String> lines = lines(s);
        if (lines.contains(sku)) {
            return s;
        }
        List<String> more = new ArrayList<>(lines);
        more.add(sku);
        return s.set("lines", List.copyOf(more));
    }

    private static String pickLine(Session s) {
        List<String> lines = lines(s);
        return lines.get(ThreadLocalRandom.current().nextInt(lines.size()));
    }
}

package com.example.shop.cart.support;

import static io.restassured.RestAssured.given;

import com.example.shop.testsupport.TestTokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** The HTTP calls tests make, in the words of the API. */
public final class Api {

    private static final AtomicInteger SKUS = new AtomicInteger();
    private static volatile String adminToken;

    private Api() {
    }

    public static String admin() {
        if (adminToken == null) {
            adminToken = TestTokens.admin();
        }
        return adminToken;
    }

    public static RequestSpecification asAdmin() {
        return given().auth().oauth2(admin());
    }

    /** A sku no other test uses. */
    public static String newSku(String prefix) {
        return prefix + "-" + SKUS.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static void stock(String sku, int qty) {
        asAdmin().contentType(ContentType.JSON).body("{\"qty\":" + qty + "}")
                .put("/inventory/" + sku).then().statusCode(200);
    }

    public static String newCart() {
        return given().post("/carts").then().statusCode(201).extract().path("id");
    }

    public static Response add(String cart, String sku, int qty) {
        return given().contentType(ContentType.JSON).body("{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}")
                .post("/carts/" + cart + "/items");
    }

    public static Response change(String cart, String sku, int qty) {
        return given().contentType(ContentType.JSON).body("{\"qty\":" + qty + "}")
                .put("/carts/" + cart + "/items/" + sku);
    }

    public static Response remove(String cart, String sku) {
        return given().delete("/carts/" + cart + "/items/" + sku);
    }

    public static Response checkout(String cart, String key, String simulate) {
        return given().contentType(ContentType.JSON).header("Idempotency-Key", key)
                .body("{\"payment\":{\"method\":\"card\",\"simulate\":\"" + simulate + "\"}}")
                .post("/carts/" + cart + "/checkout");
    }

    /** {@code GET /orders/{number}} with the order's token (none when null). */
    public static Response order(long number, String token) {
        RequestSpecification request = given();
        if (token != null) {
            request = request.header("Order-Token", token);
        }
        return request.get("/orders/" + number);
    }

    /** A paid checkout's order from its answer: {@code [number, token]}. */
    public static OrderReceipt receipt(Response checkout) {
        Number number = checkout.path("order.number");
        return number == null ? null : new OrderReceipt(number.longValue(), checkout.path("order.token"));
    }

    /** The order a checkout answered: its number and the token that opens it. */
    public record OrderReceipt(long number, String token) {
    }

    /** {@code POST /admin/orders/{number}/{action}} as an admin. */
    public static Response orderAction(long number, String action) {
        return asAdmin().post("/admin/orders/" + number + "/" + action);
    }

    /** {@code POST /admin/jobs/{name}}: the 202 with the run's Location and view. */
    public static Response startJob(String name, String olderThan) {
        RequestSpecification request = asAdmin();
        if (olderThan != null) {
            request = request.queryParam("olderThan", olderThan);
        }
        return request.post("/admin/jobs/" + name);
    }

    /**
     * Runs a job and waits for its end: starts it, follows its Location until it is no longer
     * running, and returns that last {@code GET} (200, the run view with its final counts). A
     * trigger that found a scheduled run going on waits for that one and starts its own.
     */
    public static Response job(String name, String olderThan) {
        for (int attempt = 0; attempt < 5; attempt++) {
            Response started = startJob(name, olderThan);
            started.then().statusCode(202);
            Response finished = awaitRun(started.header("Location"));
            if (!"scheduled".equals(finished.jsonPath().getString("labels.trigger"))) {
                finished.then().body("state", org.hamcrest.Matchers.equalTo("succeeded"));
                return finished;
            }
        }
        throw new AssertionError("a scheduled run of " + name + " kept running instead of the triggered one");
    }

    /**
     * Lets a moment pass, so that "older than PT0S" is strictly true for what was just written (stored
     * dates have milliseconds): before a job that takes what is older than now.
     */
    public static void letWritesAge() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Follows a run's location until it is no longer running (30 s at most). */
    public static Response awaitRun(String location) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Response run = asAdmin().get(location);
            run.then().statusCode(200);
            if (!"running".equals(run.jsonPath().getString("state")) || System.nanoTime() > deadline) {
                awaitLeaseReleased(run.jsonPath().getString("id"), deadline);
                return run;
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    /** A run is recorded as ended just before its lease is given back: wait for that too, so the database is quiet. */
    private static void awaitLeaseReleased(String runId, long deadline) {
        var leases = com.example.shop.testsupport.TestDatabase.database("cart").getCollection("leases");
        while (leases.countDocuments(new org.bson.Document("holder", runId)) > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    public static long available(String sku) {
        return given().get("/inventory/" + sku).then().statusCode(200).extract().<Number>path("available").longValue();
    }

    public static long reserved(String sku) {
        return given().get("/inventory/" + sku).then().statusCode(200).extract().<Number>path("reserved").longValue();
    }

    public static String status(String cart) {
        return given().get("/carts/" + cart).then().statusCode(200).extract().path("status");
    }
}

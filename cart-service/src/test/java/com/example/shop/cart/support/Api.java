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

    public static Response job(String name, String olderThan) {
        RequestSpecification request = asAdmin();
        if (olderThan != null) {
            request = request.queryParam("olderThan", olderThan);
        }
        return request.post("/admin/jobs/" + name);
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

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every bad input is a 4xx problem naming the field, and nothing in the database changes. */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class BadInputTest {

    // one cart with one line for the whole class: bad requests must leave it exactly as it is
    private static String sku;
    private static String cart;

    @BeforeEach
    void cartWithALine() {
        if (cart == null) {
            sku = newSku("BAD");
            stock(sku, 50);
            cart = newCart();
            Api.add(cart, sku, 2).then().statusCode(200);
        }
    }

    private void refusedWithoutChange(java.util.function.Supplier<Response> call, int status, String field) {
        List<Document> before = Invariant.snapshot();
        Response response = call.get();
        response.then().statusCode(status).contentType("application/problem+json")
                .body("status", equalTo(status))
                .body(not(containsString("Exception")));
        if (field != null) {
            response.then().body("field", equalTo(field));
        }
        assertEquals(before, Invariant.snapshot(), "the database changed");
    }

    private Response postItem(String body) {
        return given().contentType(ContentType.JSON).body(body).post("/carts/" + cart + "/items");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1.5", "1001", "\"2\"", "null", "true", "{\"$gt\":0}", "[1]", "1e3"})
    void badQuantityOnAdd(String qty) {
        refusedWithoutChange(() -> postItem("{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}"), 400, "qty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "2.5", "1001", "\"3\"", "{\"$inc\":1}"})
    void badQuantityOnChange(String qty) {
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"qty\":" + qty + "}")
                .put("/carts/" + cart + "/items/" + sku), 400, "qty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"$ne\":null}", "{\"$regex\":\".*\"}", "[\"a\"]", "5", "\"\"", "\"a b\"", "\"$where\"", "null"})
    void operatorObjectsAndBadSkus(String skuValue) {
        refusedWithoutChange(() -> postItem("{\"sku\":" + skuValue + ",\"qty\":1}"), 400, "sku");
    }

    @Test
    void unknownFieldsAreRefused() {
        refusedWithoutChange(() -> postItem("{\"sku\":\"" + sku + "\",\"qty\":1,\"price\":0}"), 400, "price");
        refusedWithoutChange(() -> postItem("{\"sku\":\"" + sku + "\",\"qty\":1,\"$set\":{\"status\":\"complete\"}}"), 400, null);
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"qty\":1,\"status\":\"active\"}")
                .put("/carts/" + cart + "/items/" + sku), 400, "status");
    }

    @Test
    void malformedBodies() {
        refusedWithoutChange(() -> postItem("{\"sku\":"), 400, null);
        refusedWithoutChange(() -> postItem("[]"), 400, null);
        refusedWithoutChange(() -> postItem(""), 400, null);
        refusedWithoutChange(() -> given().contentType(ContentType.TEXT).body("sku=x").post("/carts/" + cart + "/items"), 415, null);
    }

    @Test
    void unknownSkuAndMalformedIds() {
        refusedWithoutChange(() -> postItem("{\"sku\":\"unknown-" + sku + "\",\"qty\":1}"), 422, "sku");
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"sku\":\"" + sku + "\",\"qty\":1}")
                .post("/carts/" + cart.substring(1) + "/items"), 400, "id");
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"sku\":\"" + sku + "\",\"qty\":1}")
                .urlEncodingEnabled(false).post("/carts/%7B%22%24ne%22%3Anull%7D/items"), 400, "id");
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).body("{\"qty\":1}")
                .urlEncodingEnabled(false).put("/carts/" + cart + "/items/a%24b"), 400, "sku");
    }

    @Test
    void checkoutNeedsAnIdempotencyKey() {
        refusedWithoutChange(() -> given().contentType(ContentType.JSON)
                .body("{\"payment\":{\"method\":\"card\"}}").post("/carts/" + cart + "/checkout"), 400, "Idempotency-Key");
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).header("Idempotency-Key", "has spaces")
                .body("{\"payment\":{\"method\":\"card\"}}").post("/carts/" + cart + "/checkout"), 400, "Idempotency-Key");
        refusedWithoutChange(() -> given().contentType(ContentType.JSON).header("Idempotency-Key", "x".repeat(101))
                .body("{\"payment\":{\"method\":\"card\"}}").post("/carts/" + cart + "/checkout"), 400, "Idempotency-Key");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"payment\":null}", "{\"payment\":\"card\"}", "{\"payment\":{}}",
            "{\"payment\":{\"method\":\"cash\"}}", "{\"payment\":{\"method\":\"card\",\"simulate\":\"maybe\"}}",
            "{\"payment\":{\"method\":\"card\",\"cvv\":\"123\"}}", "{\"payment\":{\"method\":{\"$ne\":null}}}",
            "{\"payment\":{\"method\":\"card\"},\"amount\":1}", "[]"})
    void paymentOfTheWrongShape(String body) {
        List<Document> before = Invariant.snapshot();
        given().contentType(ContentType.JSON).header("Idempotency-Key", "bad-shape").body(body)
                .post("/carts/" + cart + "/checkout")
                .then().statusCode(400).contentType("application/problem+json");
        assertEquals(before, Invariant.snapshot());
        assertEquals("active", Api.status(cart));
    }

    @Test
    void badAdminJobParameters() {
        refusedWithoutChange(() -> Api.startJob("expire-carts", "yesterday"), 400, "olderThan");
        refusedWithoutChange(() -> Api.startJob("cleanup-inventory", "-PT1S"), 400, "olderThan");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("limit", 3).post("/admin/jobs/expire-carts"), 400, "limit");
    }

    /** The admin list and export of orders refuse every bad filter, naming it; no value is read as an operator. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            status | shipped
            status | PLACED
            status | {"$ne":null}
            from   | yesterday
            from   | 2026-13-01
            from   | {"$gt":""}
            to     | 12:00
            sku    | a b
            sku    | {"$regex":".*"}
            sku    | $where
            limit  | 0
            limit  | 101
            limit  | many
            cursor | not-a-cursor
            cursor | MTIzNDU
            cursor | e30
            other  | 1
            """)
    void badOrderListFilters(String parameter, String value) {
        refusedWithoutChange(() -> Api.asAdmin().queryParam(parameter, value).get("/admin/orders"), 400, parameter);
        if (!parameter.equals("limit") && !parameter.equals("cursor")) {
            refusedWithoutChange(() -> Api.asAdmin().queryParam(parameter, value).get("/admin/orders/export"), 400, parameter);
        }
    }

    @Test
    void badOrderRangesAndSummaries() {
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2026-12-03").queryParam("to", "2026-12-03").get("/admin/orders"),
                400, "to");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2026-12-04").queryParam("to", "2026-12-03")
                .get("/admin/orders/export"), 400, "to");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("to", "2026-12-03").get("/admin/orders/summary"), 400, "from");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2026-12-03").get("/admin/orders/summary"), 400, "to");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2024-01-01").queryParam("to", "2026-01-01")
                .get("/admin/orders/summary"), 400, "to");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2026-12-01").queryParam("to", "2026-12-02")
                .queryParam("limit", 0).get("/admin/orders/summary"), 400, "limit");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "{\"$gt\":0}").queryParam("to", "2026-12-02")
                .get("/admin/orders/summary"), 400, "from");
        refusedWithoutChange(() -> Api.asAdmin().queryParam("from", "2026-12-01").queryParam("to", "2026-12-02")
                .queryParam("status", "placed").get("/admin/orders/summary"), 400, "status");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-5", "12.5", "%7B%22%24gt%22%3A0%7D", "1234567890123456789"})
    void badOrderNumbers(String number) {
        refusedWithoutChange(() -> Api.asAdmin().urlEncodingEnabled(false).get("/admin/orders/" + number), 400, "number");
        refusedWithoutChange(() -> Api.asAdmin().urlEncodingEnabled(false).post("/admin/orders/" + number + "/cancel"), 400, "number");
        refusedWithoutChange(() -> Api.asAdmin().urlEncodingEnabled(false).post("/admin/orders/" + number + "/fulfil"), 400, "number");
        refusedWithoutChange(() -> given().urlEncodingEnabled(false).header("Order-Token", "t").get("/orders/" + number), 400, "number");
    }

    @Test
    void nothingWasReservedByAnyOfThis() {
        assertTrue(Api.reserved(sku) == 2 && Api.available(sku) == 48);
    }
}

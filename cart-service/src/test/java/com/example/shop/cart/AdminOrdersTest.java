package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.orderAction;
import static com.example.shop.cart.support.Api.receipt;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The merchant's orders: the list newest first with its filters and cursor pages, its NDJSON
 * export, and the sales summary. Each test reads only its own orders (a sku of its own, or the
 * moments it placed them at: test classes do not run at once).
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class AdminOrdersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Five orders of the sku, one after the other, of 1 to 5 units; the first cancelled, the second fulfilled. */
    private static List<Long> fiveOrders(String sku) {
        stock(sku, 100);
        List<Long> numbers = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            String cart = newCart();
            add(cart, sku, i).then().statusCode(200);
            numbers.add(receipt(checkout(cart, "k", "approve").then().statusCode(200).extract().response()).number());
            Api.letWritesAge(); // apart in time, so that a range can fall between two
        }
        orderAction(numbers.get(0), "cancel").then().statusCode(200);
        orderAction(numbers.get(1), "fulfil").then().statusCode(200);
        return numbers;
    }

    @Test
    void theListIsNewestFirstInCursorPagesAndTakesItsFilters() {
        String sku = newSku("LIST");
        List<Long> numbers = fiveOrders(sku);
        List<Long> newestFirst = new ArrayList<>(numbers);
        java.util.Collections.reverse(newestFirst);

        List<Long> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            var request = asAdmin().queryParam("sku", sku).queryParam("limit", 2);
            if (cursor != null) {
                request = request.queryParam("cursor", cursor);
            }
            Response page = request.get("/admin/orders");
            page.then().statusCode(200).header("Cache-Control", org.hamcrest.Matchers.containsString("no-store"));
            seen.addAll(page.jsonPath().getList("items.number", Long.class));
            cursor = page.path("next");
            pages++;
        } while (cursor != null);
        assertEquals(newestFirst, seen);
        assertEquals(3, pages);

        assertEquals(List.of(numbers.get(0)), numbers(asAdmin().queryParam("sku", sku).queryParam("status", "cancelled")));
        assertEquals(List.of(numbers.get(1)), numbers(asAdmin().queryParam("sku", sku).queryParam("status", "fulfilled")));
        assertEquals(newestFirst.subList(0, 3), numbers(asAdmin().queryParam("sku", sku).queryParam("status", "placed")));

        Instant second = placedAt(numbers.get(1));
        Instant fourth = placedAt(numbers.get(3));
        assertEquals(List.of(numbers.get(2), numbers.get(1)),
                numbers(asAdmin().queryParam("sku", sku).queryParam("from", second.toString()).queryParam("to", fourth.toString())));
        assertEquals(List.of(numbers.get(4), numbers.get(3)), numbers(asAdmin().queryParam("sku", sku).queryParam("from", fourth.toString())));
        assertEquals(List.of(), numbers(asAdmin().queryParam("sku", sku).queryParam("to", placedAt(numbers.get(0)).toString())));
        // without a sku: every order placed since the first of these is one of them
        assertEquals(newestFirst, numbers(asAdmin().queryParam("from", placedAt(numbers.get(0)).toString()).queryParam("limit", 100)));
        assertEquals(List.of(), numbers(asAdmin().queryParam("sku", newSku("NONE"))));
    }

    @Test
    void oneOrderAsTheMerchantSeesIt() {
        String sku = newSku("ONE");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        long number = receipt(checkout(cart, "k", "approve").then().statusCode(200).extract().response()).number();
        asAdmin().get("/admin/orders/" + number).then().statusCode(200).body("number", equalTo((int) number))
                .body("lines[0].sku", equalTo(sku)).body("lines[0].qty", equalTo(2)).body("status", equalTo("placed"))
                .body("payment.refund", nullValue());
        asAdmin().get("/admin/orders/999999999999").then().statusCode(404);
        given().get("/admin/orders/" + number).then().statusCode(401);
        given().get("/admin/orders").then().statusCode(401);
        given().post("/admin/orders/" + number + "/cancel").then().statusCode(401);
        given().auth().oauth2(com.example.shop.testsupport.TestTokens.withRoles("shopper")).get("/admin/orders").then().statusCode(403);
    }

    @Test
    void theExportStreamsTheListsOrdersOneALine() throws Exception {
        String sku = newSku("EXPORT");
        List<Long> numbers = fiveOrders(sku);
        Response all = asAdmin().queryParam("sku", sku).get("/admin/orders/export");
        all.then().statusCode(200).contentType(startsWith("application/x-ndjson"));
        List<JsonNode> lines = ndjson(all.asString());
        assertEquals(List.of(numbers.get(4), numbers.get(3), numbers.get(2), numbers.get(1), numbers.get(0)),
                lines.stream().map(line -> line.path("number").asLong()).toList());
        assertEquals(sku, lines.get(0).path("lines").path(0).path("sku").asText());
        assertEquals(5, lines.get(0).path("total_units").asInt());
        assertEquals("cancelled", lines.get(4).path("status").asText());

        List<JsonNode> cancelled = ndjson(asAdmin().queryParam("sku", sku).queryParam("status", "cancelled").get("/admin/orders/export")
                .then().statusCode(200).extract().asString());
        assertEquals(List.of(numbers.get(0)), cancelled.stream().map(line -> line.path("number").asLong()).toList());
    }

    @Test
    void theSummaryCountsEachDaysSalesAndTheTopSkusLeavingCancelledOrdersOut() {
        String sku = newSku("PRICE-100");
        List<Long> numbers = fiveOrders(sku);
        String other = newSku("PRICE-250");
        stock(other, 5);
        String cart = newCart();
        add(cart, other, 3).then().statusCode(200);
        add(cart, sku, 1).then().statusCode(200);
        long last = receipt(checkout(cart, "k", "approve").then().statusCode(200).extract().response()).number();

        Instant from = placedAt(numbers.get(0));
        Instant to = placedAt(last).plusMillis(1);
        Response summary = asAdmin().queryParam("from", from.toString()).queryParam("to", to.toString()).queryParam("limit", 1)
                .get("/admin/orders/summary");
        summary.then().statusCode(200).body("from", equalTo(from.toString())).body("to", equalTo(to.toString()));
        // the first order is cancelled: 2+3+4+5 units of the sku, then 3 of the other and 1 more of the sku
        List<Map<String, Object>> days = summary.jsonPath().getList("days");
        long orders = 0;
        long units = 0;
        long revenue = 0;
        for (Map<String, Object> day : days) {
            orders += ((Number) day.get("orders")).longValue();
            units += ((Number) day.get("units")).longValue();
            Object usd = ((Map<?, ?>) day.get("revenue")).get("USD");
            revenue += usd == null ? 0 : ((Number) usd).longValue();
        }
        assertEquals(from.atZone(ZoneOffset.UTC).toLocalDate().toString(), days.get(0).get("date"));
        assertEquals(to.atZone(ZoneOffset.UTC).toLocalDate().toString(), days.get(days.size() - 1).get("date"));
        assertEquals(5, orders);
        assertEquals(14 + 3 + 1, units);
        assertEquals(15 * 100 + 3 * 250, revenue);
        summary.then().body("top_skus.size()", equalTo(1)).body("top_skus[0].sku", equalTo(sku))
                .body("top_skus[0].units", equalTo(15)).body("top_skus[0].revenue.USD", equalTo(1500))
                .body("top_skus[0].title", equalTo("Album " + sku));

        // a range without orders: every day of it, each empty
        asAdmin().queryParam("from", "2020-01-01").queryParam("to", "2020-01-04").get("/admin/orders/summary").then().statusCode(200)
                .body("days.date", equalTo(List.of("2020-01-01", "2020-01-02", "2020-01-03")))
                .body("days.orders", equalTo(List.of(0, 0, 0))).body("top_skus.size()", equalTo(0));
        Invariant.assertStrict();
    }

    private static List<Long> numbers(io.restassured.specification.RequestSpecification request) {
        return request.get("/admin/orders").then().statusCode(200).extract().jsonPath().getList("items.number", Long.class);
    }

    private static Instant placedAt(long number) {
        return Instant.parse(asAdmin().get("/admin/orders/" + number).then().statusCode(200).extract().path("placed_at"));
    }

    private static List<JsonNode> ndjson(String body) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (!line.isEmpty()) {
                lines.add(JSON.readTree(line));
            }
        }
        assertNotNull(lines);
        return lines;
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.order;
import static com.example.shop.cart.support.Api.receipt;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.Api.OrderReceipt;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.cart.support.VariantProduct;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * An order is made of a cart once its payment is approved, on each path that approves it (the
 * checkout, the stalled-checkout job), exactly once however often the checkout is asked again; the
 * shopper reads it with the token the answer carried, and only with it.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrdersTest {

    @Test
    void aPaidCheckoutMakesAnOrderOfTheLinesAsSold() {
        String album = newSku("PRICE-450");
        String tee = newSku("TEE");
        String medium = tee + "-M-BLK";
        VariantProduct.tee(tee).variant(medium, "M", "black", 1200).register();
        stock(album, 5);
        stock(medium, 5);
        String cart = newCart();
        add(cart, album, 2).then().statusCode(200);
        add(cart, medium, 1).then().statusCode(200);

        Response paid = checkout(cart, "order-lines", "approve");
        paid.then().statusCode(200).body("status", equalTo("complete"));
        OrderReceipt receipt = receipt(paid);
        assertNotNull(receipt, paid.asString());
        assertTrue(receipt.number() >= 100_001, "numbers start at 100001: " + receipt.number());
        assertEquals(43, receipt.token().length());

        order(receipt.number(), receipt.token()).then().statusCode(200)
                .header("Cache-Control", org.hamcrest.Matchers.containsString("no-store"))
                .body("number", equalTo((int) receipt.number())).body("status", equalTo("placed"))
                .body("currency", equalTo("USD")).body("total_units", equalTo(3)).body("total_amount", equalTo(2 * 450 + 1200))
                .body("lines[0].sku", equalTo(album)).body("lines[0].title", equalTo("Album " + album))
                .body("lines[0].unit_price", equalTo(450)).body("lines[0].qty", equalTo(2)).body("lines[0].line_total", equalTo(900))
                .body("lines[0].options", equalTo(java.util.Map.of())).body("lines[0].returned", equalTo(false))
                .body("lines[1].sku", equalTo(medium)).body("lines[1].title", equalTo("Basic tee")).body("lines[1].product", equalTo(tee))
                .body("lines[1].options.size", equalTo("M")).body("lines[1].options.colour", equalTo("black"))
                .body("lines[1].line_total", equalTo(1200))
                .body("payment.method", equalTo("card")).body("payment.charge_id", equalTo(paid.path("charge_id")))
                .body("payment.refund", nullValue())
                .body("history.size()", equalTo(1)).body("history[0].status", equalTo("placed"));

        // only the token's SHA-256 is stored
        Document stored = Invariant.order(cart, "order-lines");
        assertFalse(stored.toJson().contains(receipt.token()), "the token is stored in the clear");
        assertEquals(List.of(sha256(receipt.token())), stored.getList("token_hashes", String.class));
        Invariant.assertStrict();
    }

    @Test
    void theSameKeyAgainAnswersTheSameOrderWithATokenOfItsOwnAndTakesNoNumber() {
        String sku = newSku("AGAIN");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        OrderReceipt first = receipt(checkout(cart, "again-1", "approve").then().statusCode(200).extract().response());
        long counter = orderCounter();

        OrderReceipt second = receipt(checkout(cart, "again-1", "approve").then().statusCode(200).extract().response());
        assertEquals(first.number(), second.number());
        assertNotEquals(first.token(), second.token());
        assertEquals(counter, orderCounter(), "a replay took a number");
        assertEquals(1, Invariant.ordersOf(cart));
        order(first.number(), first.token()).then().statusCode(200);
        order(second.number(), second.token()).then().statusCode(200);
    }

    @Test
    void concurrentRequestsWithTheSameKeyMakeOneOrder() throws Exception {
        String sku = newSku("ONEORDER");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Response>> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            answers.add(pool.submit((Callable<Response>) () -> checkout(cart, "same", "approve")));
        }
        List<Long> numbers = new ArrayList<>();
        for (Future<Response> answer : answers) {
            OrderReceipt receipt = receipt(answer.get());
            if (receipt != null) {
                numbers.add(receipt.number());
            }
        }
        pool.shutdown();
        OrderReceipt last = receipt(checkout(cart, "same", "approve").then().statusCode(200).extract().response());
        numbers.add(last.number());
        assertTrue(numbers.stream().allMatch(n -> n == last.number()), numbers.toString());
        assertEquals(1, Invariant.ordersOf(cart));
        Invariant.assertConservation();
    }

    @Test
    void numbersIncreaseFromOneOrderToTheNext() {
        String sku = newSku("NUMBERS");
        stock(sku, 5);
        long[] numbers = new long[2];
        for (int i = 0; i < 2; i++) {
            String cart = newCart();
            add(cart, sku, 1).then().statusCode(200);
            numbers[i] = receipt(checkout(cart, "n", "approve").then().statusCode(200).extract().response()).number();
        }
        assertTrue(numbers[1] > numbers[0], numbers[0] + " then " + numbers[1]);
    }

    /** A stalled payment the job finds approved: the job makes the order, and the shopper's next ask answers it. */
    @Test
    void theStalledCheckoutJobMakesTheOrderOfAnApprovedPayment() {
        String sku = newSku("STALLED");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        checkout(cart, "stalled-1", "stall").then().statusCode(202).body("order", nullValue());
        assertEquals(0, Invariant.ordersOf(cart));
        Api.job("resolve-checkouts", "PT0S").then().statusCode(200).body("counts.completed", equalTo(1));
        Document made = Invariant.order(cart, "stalled-1");
        assertNotNull(made);
        assertEquals(List.of(), made.getList("token_hashes", String.class), "the job's order was answered to nobody");

        OrderReceipt receipt = receipt(checkout(cart, "stalled-1", "stall").then().statusCode(200).extract().response());
        assertEquals(made.get("number", Number.class).longValue(), receipt.number());
        order(receipt.number(), receipt.token()).then().statusCode(200).body("total_units", equalTo(2));
        assertEquals(1, Invariant.ordersOf(cart));
        Invariant.assertStrict();
    }

    @Test
    void aDeclinedPaymentMakesNoOrder() {
        String sku = newSku("NOORDER");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        checkout(cart, "declined", "decline").then().statusCode(402);
        assertEquals(0, Invariant.ordersOf(cart));
    }

    /** Without the token, or with another order's, an order is as unknown as a number no order has. */
    @Test
    void anOrderOpensOnlyToItsToken() {
        String sku = newSku("TOKEN");
        stock(sku, 5);
        List<OrderReceipt> receipts = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String cart = newCart();
            add(cart, sku, 1).then().statusCode(200);
            receipts.add(receipt(checkout(cart, "t", "approve").then().statusCode(200).extract().response()));
        }
        OrderReceipt mine = receipts.get(0);
        String unknown = order(999_999_999_999L, mine.token()).then().statusCode(404).extract().asString();
        for (String token : new String[] {null, "", "x", receipts.get(1).token(), mine.token() + "A", sha256(mine.token())}) {
            Response refused = order(mine.number(), token);
            refused.then().statusCode(404).contentType("application/problem+json");
            assertEquals(unknown, refused.asString(), "token " + token);
        }
        order(mine.number(), mine.token()).then().statusCode(200);
        for (String number : new String[] {"abc", "0", "-1", "1e6", "100001.0", "%7B%22%24gt%22%3A0%7D", "1".repeat(19)}) {
            io.restassured.RestAssured.given().urlEncodingEnabled(false).header("Order-Token", mine.token()).get("/orders/" + number)
                    .then().statusCode(400).body("field", equalTo("number"));
        }
    }

    private static long orderCounter() {
        Document counter = TestDatabase.database("cart").getCollection("counters").find(new Document("_id", "order-number")).first();
        return counter == null ? 0 : counter.get("seq", Number.class).longValue();
    }

    static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.order;
import static com.example.shop.cart.support.Api.receipt;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.Api.OrderReceipt;
import com.example.shop.cart.support.ArmedSeams;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A checkout whose process dies at any step between the charge and the order: the jobs finish it,
 * with exactly one order of the cart, one number, and every unit sold once; the shopper's retry
 * with the same key answers that order.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrderCrashPointsTest {

    @Inject
    ArmedSeams seams;

    @AfterEach
    void disarm() {
        seams.disarm();
    }

    @ParameterizedTest
    @EnumSource(value = CartSeam.class, names = {"AFTER_CHARGE", "AFTER_COMPLETE", "AFTER_UNHOLD", "AFTER_SALE", "AFTER_ORDER_NUMBER",
            "AFTER_ORDER"})
    void aCheckoutThatDiesBeforeItsOrderIsFinishedWithOneOrder(CartSeam point) {
        String a = newSku("DIES-" + point.name().replace('_', '-'));
        String b = newSku("PRICE-200");
        stock(a, 10);
        stock(b, 10);
        String cart = newCart();
        add(cart, a, 3).then().statusCode(200);
        add(cart, b, 1).then().statusCode(200);
        seams.arm(point);
        checkout(cart, "dies", "approve").then().statusCode(500);
        Invariant.assertConservation();
        Document before = Invariant.order(cart, "dies");
        assertEquals(point == CartSeam.AFTER_ORDER, before != null, "an order before the jobs ran");

        // asked again before the jobs ran: the same outcome, and the order only if it was made
        Response early = checkout(cart, "dies", "approve");
        early.then().statusCode(point == CartSeam.AFTER_CHARGE ? 202 : 200);
        OrderReceipt earlyReceipt = receipt(early);
        if (before == null) {
            assertNull(earlyReceipt, early.asString());
        } else {
            assertEquals(number(before), earlyReceipt.number());
        }

        repair();
        Document made = Invariant.order(cart, "dies");
        assertNotNull(made, "no order after the jobs ran");
        assertEquals(1, Invariant.ordersOf(cart));
        if (before != null) {
            assertEquals(number(before), number(made), "the order took a second number");
        }
        OrderReceipt receipt = receipt(checkout(cart, "dies", "approve").then().statusCode(200)
                .body("status", equalTo("complete")).extract().response());
        assertEquals(number(made), receipt.number());
        order(receipt.number(), receipt.token()).then().statusCode(200).body("total_units", equalTo(4))
                .body("total_amount", equalTo(3 * 1099 + 200)).body("lines.size()", equalTo(2));

        assertEquals(3, Invariant.num(Invariant.inventory(a), "sold"));
        assertEquals(0, reserved(a));
        assertEquals(7, available(a));
        assertEquals(1, Invariant.num(Invariant.inventory(b), "sold"));
        assertEquals(true, Invariant.cart(cart).getBoolean("settled"));
        Invariant.assertStrict();
    }

    /** The cleanup (which must leave a paid cart's units alone), the stalled-checkout job, the cleanup again. */
    private static void repair() {
        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
        job("resolve-checkouts", "PT0S").then().statusCode(200);
        Api.letWritesAge();
        job("cleanup-inventory", "PT0S").then().statusCode(200);
    }

    private static long number(Document order) {
        return order.get("number", Number.class).longValue();
    }
}

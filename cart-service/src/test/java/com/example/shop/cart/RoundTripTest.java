package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.CommandCounter;
import com.example.shop.cart.support.Webhooks;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The database commands a request sends before it answers (the moves are settled after it, on a
 * thread of their own): the hot path of a sale, which a reshaping of the code must not lengthen.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class RoundTripTest {

    @Inject
    CommandCounter counter;

    /** A paid checkout of one line to a new cart, after a warm-up add: its commands. */
    private List<String> checkoutOfOneLine(String key) {
        String sku = newSku("TRIPS");
        stock(sku, 10);
        String warm = newCart();
        add(warm, sku, 1).then().statusCode(200);
        String cart = newCart();
        add(cart, sku, 1).then().statusCode(200);
        return counter.record(() -> checkout(cart, key, "approve").then().statusCode(200));
    }

    @Test
    void aCheckoutAppendsItsOrderEventOnlyWhenASubscriptionWantsIt() {
        assertEquals(List.of(), Api.asAdmin().queryParam("limit", 100).get("/admin/webhooks").then().statusCode(200)
                .extract().jsonPath().getList("items.findAll { it.enabled && it.events.contains('order.placed') }.id"),
                "no other test's subscription wants order.placed");
        List<String> unheard = checkoutOfOneLine("trips-unheard");
        assertEquals(List.of("find cart", "update cart", "findAndModify cart", "insert inventory_moves", "update reservations",
                "update inventory", "update cart", "findAndModify counters", "insert orders", "update orders",
                "findAndModify cart"), unheard, "no subscriber: no outbox entry");
        Webhooks.Subscription subscription = Webhooks.subscribe("http://127.0.0.1:9/never", "order.placed");
        try {
            List<String> heard = checkoutOfOneLine("trips-heard");
            assertEquals(List.of("find cart", "update cart", "findAndModify cart", "insert inventory_moves", "update reservations",
                    "update inventory", "update cart", "findAndModify counters", "insert orders", "insert webhook_outbox",
                    "update orders", "findAndModify cart"), heard);
        } finally {
            Webhooks.delete(subscription.id());
        }
    }

    @Test
    void anAddIsSixCommands() {
        String sku = newSku("TRIPS");
        stock(sku, 10);
        String warm = newCart();
        add(warm, sku, 1).then().statusCode(200); // the catalog's snapshot is cached from here on
        String cart = newCart();

        List<String> newLine = counter.record(() -> add(cart, sku, 1).then().statusCode(200));
        List<String> grownLine = counter.record(() -> add(cart, sku, 2).then().statusCode(200));
        System.out.printf("round trips: add (new line) %d %s%n             add (grown line) %d %s%n",
                newLine.size(), newLine, grownLine.size(), grownLine);

        List<String> add = List.of("find cart", "find inventory", "insert inventory_moves", "findAndModify inventory",
                "update reservations", "findAndModify cart");
        assertEquals(add, newLine);
        assertEquals(add, grownLine);
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.remove;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A sku's holders are capped (cart.limits.max-holders-per-sku, 3 here), so that its inventory
 * document, which carries an entry per holding cart, stays far below MongoDB's 16 MiB limit.
 */
@QuarkusTest
@TestProfile(HotSkuTest.ThreeHolders.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class HotSkuTest {

    public static class ThreeHolders implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cart.limits.max-holders-per-sku", "3");
        }
    }

    @Test
    void aFourthHoldingCartIs409AndReservesNothing() {
        String sku = newSku("HOT");
        stock(sku, 20);
        String[] holders = {newCart(), newCart(), newCart()};
        for (String cart : holders) {
            add(cart, sku, 1).then().statusCode(200);
        }
        String fourth = newCart();
        var before = TestDatabase.snapshot("cart");
        add(fourth, sku, 1).then().statusCode(409).contentType("application/problem+json")
                .body("type", endsWith("/too-many-holders"))
                .body("sku", equalTo(sku))
                .body("max", equalTo(3));
        assertEquals(before, TestDatabase.snapshot("cart"));

        // a holder may still add to its own reservation
        add(holders[0], sku, 2).then().statusCode(200).body("items[0].qty", equalTo(3));
        assertEquals(5, reserved(sku));

        // once a holder lets go, there is room again
        remove(holders[1], sku).then().statusCode(200);
        add(fourth, sku, 1).then().statusCode(200);
        assertEquals(5, reserved(sku));
        assertEquals(15, available(sku));
        Invariant.assertConservation();
    }

    @Test
    void otherSkusAreNotConcerned() {
        String hot = newSku("HOT");
        String cold = newSku("COLD");
        stock(hot, 10);
        stock(cold, 10);
        for (int i = 0; i < 3; i++) {
            add(newCart(), hot, 1).then().statusCode(200);
        }
        String cart = newCart();
        add(cart, hot, 1).then().statusCode(409);
        add(cart, cold, 1).then().statusCode(200);
        Invariant.assertConservation();
    }
}

package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.asAdmin;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.reserved;
import static com.example.shop.cart.support.Api.stock;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import com.example.shop.testsupport.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * What keeps a bot from hoarding: a cart holds stock at most cart.expiry.max-hold (2 h) from its
 * first reservation however busy it keeps it; carts that hold nothing are deleted after their
 * retention; and administrators see how long reserved units have been held.
 */
@QuarkusTest
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class HoardingLimitsTest {

    @Test
    void aCartIsCutAtTheMaxHoldHoweverActiveItIs() {
        String sku = newSku("HOLD");
        stock(sku, 10);
        String hoarder = newCart();
        add(hoarder, sku, 2).then().statusCode(200);
        String shopper = newCart();
        add(shopper, sku, 1).then().statusCode(200);
        assertNotNull(Invariant.cart(hoarder).getDate("held_since"), "the first reservation starts the hold");
        // first filled three hours ago, and touched just now
        carts().updateOne(new Document("_id", hoarder), new Document("$set",
                new Document("held_since", Date.from(Instant.now().minus(Duration.ofHours(3))))));
        add(hoarder, sku, 1).then().statusCode(200);

        job("expire-carts", null).then().statusCode(200).body("counts.held_too_long", greaterThanOrEqualTo(1));
        assertEquals("expired", Api.status(hoarder));
        assertEquals("active", Api.status(shopper), "a cart within its hold keeps it");
        assertEquals(1, reserved(sku));
        assertEquals(9, available(sku));
        Invariant.assertStrict();
    }

    @Test
    void aCheckoutInProgressIsNeverCut() {
        String sku = newSku("HOLD");
        stock(sku, 10);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        checkout(cart, "stall-" + sku, "stall").then().statusCode(202);
        carts().updateOne(new Document("_id", cart), new Document("$set",
                new Document("held_since", Date.from(Instant.now().minus(Duration.ofHours(3))))));
        job("expire-carts", null).then().statusCode(200);
        assertEquals("pending", Api.status(cart));
        assertEquals(2, reserved(sku));
    }

    @Test
    void cartsThatHoldNothingAreDeletedAfterTheirRetention() {
        String sku = newSku("RETAIN");
        stock(sku, 10);
        String emptyOld = newCart();
        String emptyNew = newCart();
        String expiredOld = newCart();
        add(expiredOld, sku, 1).then().statusCode(200);
        String complete = newCart();
        add(complete, sku, 1).then().statusCode(200);
        checkout(complete, "done-" + sku, "approve").then().statusCode(200);

        backdate(emptyOld, Duration.ofHours(2));
        backdate(expiredOld, Duration.ofHours(1));
        job("expire-carts", null).then().statusCode(200)
                .body("counts.expired", greaterThanOrEqualTo(1)).body("counts.deleted", greaterThanOrEqualTo(1));
        assertNull(Invariant.cart(emptyOld), "an empty cart untouched for an hour is deleted, not expired first");
        assertEquals("expired", Api.status(expiredOld), "an expired cart is kept a day");
        backdate(expiredOld, Duration.ofHours(25));
        backdate(complete, Duration.ofDays(3650));

        job("expire-carts", null).then().statusCode(200).body("counts.deleted", greaterThanOrEqualTo(1));
        assertNull(Invariant.cart(expiredOld));
        assertNotNull(Invariant.cart(emptyNew), "an empty cart touched within the hour is kept");
        assertNotNull(Invariant.cart(complete), "orders are kept unless cart.retention.complete is set");
        given().get("/carts/" + emptyOld).then().statusCode(404);
        assertEquals(9, available(sku));
        Invariant.assertStrict();
    }

    @Test
    void administratorsSeeHowLongUnitsAreHeld() {
        String sku = newSku("AGE");
        stock(sku, 20);
        String fresh = newCart();
        add(fresh, sku, 2).then().statusCode(200);
        String old = newCart();
        add(old, sku, 5).then().statusCode(200);
        TestDatabase.database("cart").getCollection("reservations").updateOne(new Document("_id", sku + " " + old),
                new Document("$set", new Document("reserved_at", Date.from(Instant.now().minus(Duration.ofMinutes(45))))));

        asAdmin().get("/admin/inventory/" + sku).then().statusCode(200)
                .body("sku", equalTo(sku)).body("available", equalTo(13)).body("reserved", equalTo(7))
                .body("holders", equalTo(2)).body("sold", equalTo(0)).body("stocked", equalTo(20))
                .body("held_by_age", hasSize(4))
                .body("held_by_age.find { it.band == '0-5m' }.units", equalTo(2))
                .body("held_by_age.find { it.band == '30m-2h' }.units", equalTo(5))
                .body("held_by_age.find { it.band == '30m-2h' }.carts", equalTo(1))
                .body("held_by_age.find { it.band == '2h+' }.units", equalTo(0));
        // the public view stays as it was
        given().get("/inventory/" + sku).then().statusCode(200).body("holders", equalTo(null));
    }

    @Test
    void theAdminListPagesThroughEverySku() {
        for (int i = 0; i < 3; i++) {
            stock(newSku("PAGE"), 1);
        }
        var first = asAdmin().queryParam("limit", 2).get("/admin/inventory").then().statusCode(200)
                .body("items", hasSize(2)).body("next", notNullValue()).extract();
        String next = first.path("next");
        asAdmin().queryParam("limit", 2).queryParam("cursor", next).get("/admin/inventory").then().statusCode(200)
                .body("items[0].sku", org.hamcrest.Matchers.greaterThan(first.<String>path("items[1].sku")));
        asAdmin().queryParam("cursor", "%%%").get("/admin/inventory").then().statusCode(400).body("field", equalTo("cursor"));
        asAdmin().queryParam("limit", 0).get("/admin/inventory").then().statusCode(400).body("field", equalTo("limit"));
    }

    @Test
    void theAdminViewNeedsTheAdminRole() {
        given().get("/admin/inventory").then().statusCode(401);
        given().auth().oauth2(TestTokens.withRoles("shopper")).get("/admin/inventory").then().statusCode(403);
    }

    private static com.mongodb.client.MongoCollection<Document> carts() {
        return TestDatabase.database("cart").getCollection("cart");
    }

    private static void backdate(String cart, Duration age) {
        carts().updateOne(new Document("_id", cart),
                new Document("$set", new Document("last_modified", Date.from(Instant.now().minus(age)))));
    }
}

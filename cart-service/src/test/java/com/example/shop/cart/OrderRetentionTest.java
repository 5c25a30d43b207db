package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.checkout;
import static com.example.shop.cart.support.Api.job;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import com.example.shop.testsupport.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** With cart.retention.complete set (here 1 h), orders older than that are deleted; their units stay sold. */
@QuarkusTest
@TestProfile(OrderRetentionTest.OneHour.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class OrderRetentionTest {

    public static class OneHour implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cart.retention.complete", "1h");
        }
    }

    @Test
    void ordersOlderThanTheirRetentionAreDeletedAndTheirUnitsStaySold() {
        String sku = newSku("ORDER");
        stock(sku, 10);
        String old = newCart();
        add(old, sku, 2).then().statusCode(200);
        checkout(old, "old-" + sku, "approve").then().statusCode(200);
        String recent = newCart();
        add(recent, sku, 1).then().statusCode(200);
        checkout(recent, "new-" + sku, "approve").then().statusCode(200);
        TestDatabase.database("cart").getCollection("cart").updateOne(new Document("_id", old),
                new Document("$set", new Document("last_modified", Date.from(Instant.now().minus(Duration.ofHours(2))))));

        job("expire-carts", null).then().statusCode(200).body("counts.deleted", equalTo(1));
        assertNull(Invariant.cart(old));
        assertNotNull(Invariant.cart(recent));
        assertEquals(7, available(sku));
        assertEquals(3L, Invariant.inventory(sku).get("sold", Number.class).longValue());
        Invariant.assertConservation();
    }
}

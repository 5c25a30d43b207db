package com.example.shop.cart;

import static com.example.shop.cart.support.Api.add;
import static com.example.shop.cart.support.Api.available;
import static com.example.shop.cart.support.Api.newCart;
import static com.example.shop.cart.support.Api.newSku;
import static com.example.shop.cart.support.Api.stock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.shop.cart.support.Api;
import com.example.shop.cart.support.Catalog;
import com.example.shop.cart.support.CatalogStub;
import com.example.shop.cart.support.Invariant;
import com.example.shop.testsupport.JwtTestResource;
import com.example.shop.testsupport.MongoTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The real @Scheduled jobs run on their configured schedule (short ones here). */
@QuarkusTest
@TestProfile(ScheduledJobTest.FastJobs.class)
@QuarkusTestResource(MongoTestResource.class)
@QuarkusTestResource(JwtTestResource.class)
@QuarkusTestResource(CatalogStub.class)
class ScheduledJobTest {

    public static class FastJobs implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cart.expiry.every", "1s", "cart.expiry.inactive-after", "5s",
                    "cart.cleanup.every", "1s", "cart.cleanup.older-than", "3s",
                    "cart.availability.reconcile-first-after", "1s", "cart.availability.reconcile-every", "2s");
        }
    }

    @Test
    void theScheduledExpiryExpiresAnIdleCartAndReturnsItsStock() throws Exception {
        String sku = newSku("SCHED");
        stock(sku, 5);
        String cart = newCart();
        add(cart, sku, 2).then().statusCode(200);
        assertEquals(3, available(sku));
        long deadline = System.currentTimeMillis() + 30_000;
        while (!"expired".equals(Api.status(cart)) && System.currentTimeMillis() < deadline) {
            Thread.sleep(250);
        }
        assertEquals("expired", Api.status(cart));
        assertEquals(5, available(sku));
        // Recorded like an admin's run: an operator sees that the schedule ran it and what it did.
        List<Map<String, Object>> runs = Api.asAdmin().queryParam("job", "expire-carts").get("/admin/jobs/runs")
                .then().statusCode(200).extract().jsonPath().getList("items");
        assertTrue(runs.stream().anyMatch(run -> "scheduled".equals(((Map<?, ?>) run.get("labels")).get("trigger")) && "succeeded".equals(run.get("state"))
                && ((Map<?, ?>) run.get("counts")).get("expired") instanceof Number n && n.longValue() >= 1
                && run.get("finished_at") != null), runs.toString());
        Invariant.assertStrict();
    }

    @Test
    void theScheduledReconciliationSendsASellOutWhoseRecordWasLost() throws Exception {
        String sku = newSku("SCHED");
        stock(sku, 5);
        Invariant.lostSellOut(sku, 5);
        Catalog.awaitAvailabilityReceived(sku, 1, Duration.ofSeconds(30));
        List<Map<String, Object>> received = Catalog.availabilityReceived(sku);
        assertEquals(1, received.size(), "the catalog received " + received);
        assertEquals(false, received.get(0).get("available"));
    }
}

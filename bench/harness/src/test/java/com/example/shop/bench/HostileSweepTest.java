package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which requests the hostile sweep sends, and what it expects of them. */
class HostileSweepTest {

    static final Map<String, String> PARAMS = Map.of("sku", "hot-1", "slug", "jazz", "id", "cart-1", "name", "Audio Album",
            "job", "resolve-checkouts", "run", "run-1", "number", "100001", "subscription", "5f0000000000000000000000", "delivery",
            HostileSweep.Fixture.NO_DELIVERY);

    static final HostileSweep.Fixture FIXTURE = new HostileSweep.Fixture("hot-1", "jazz", "cart-1", "3", "run-1", "100001", "order-token",
            "5f0000000000000000000000");

    static List<HostileSweep.Attack> attacksOn(String method, String template) {
        HostileSweep.Endpoint e = HostileSweep.endpoints(FIXTURE).stream()
                .filter(x -> x.method().equals(method) && x.template().equals(template)).findFirst().orElseThrow();
        return HostileSweep.attacks(e, PARAMS, Map.of("expired", "x.y.z"), "admin-token", 50);
    }

    @Test
    void aValidSkuIsNotSentAsAHostileOneButTheSharedSyntaxsRefusalsAre() {
        List<String> paths = attacksOn("PUT", "/api/inventory/{sku}").stream().map(HostileSweep.Attack::path).toList();
        for (String valid : List.of("NaN", "null", "true", "constructor", "1e309", "Infinity")) {
            assertFalse(paths.contains("/api/inventory/" + valid), valid);
        }
        for (String refused : List.of("..;", "-1", "__proto__", "..")) {
            assertTrue(paths.contains("/api/inventory/" + refused), refused);
        }
    }

    @Test
    void everyEndpointGetsAtLeastFiftyRequestsThatMustBeRefused() {
        for (HostileSweep.Endpoint e : HostileSweep.endpoints(FIXTURE)) {
            long refused = HostileSweep.attacks(e, PARAMS, Map.of("expired", "x.y.z"), "admin-token", 50).stream()
                    .filter(a -> a.expect() == HostileSweep.Expect.REFUSED).count();
            assertTrue(refused >= 50, e.name() + ": " + refused);
        }
    }

    @Test
    void operatorLikeTextInAFreeTextFilterIsAProbeAndEverythingElseMustBeRefused() {
        List<HostileSweep.Attack> attacks = attacksOn("GET", "/api/products");
        HostileSweep.Attack title = attacks.stream().filter(a -> a.path().equals("/api/products?title=%7B%22%24ne%22%3Anull%7D")).findFirst().orElseThrow();
        assertEquals(HostileSweep.Expect.INERT, title.expect());
        HostileSweep.Attack limit = attacks.stream().filter(a -> a.path().equals("/api/products?limit=-1")).findFirst().orElseThrow();
        assertEquals(HostileSweep.Expect.REFUSED, limit.expect());
    }

    @Test
    void validOddValuesAreLeftOut() {
        List<HostileSweep.Attack> checkout = attacksOn("POST", "/api/carts/{id}/checkout");
        assertTrue(checkout.stream().noneMatch(a -> "1e309".equals(a.headers().get("Idempotency-Key"))), "a valid idempotency key");
        assertTrue(checkout.stream().anyMatch(a -> "$ne".equals(a.headers().get("Idempotency-Key"))));
        List<String> productBodies = attacksOn("PUT", "/api/products/{sku}").stream().filter(a -> a.kind().startsWith("field "))
                .map(a -> a.kind()).toList();
        assertFalse(productBodies.contains("field description = $-prefixed string"), "free text");
        assertFalse(productBodies.contains("field shipping = null"), "optional");
        assertFalse(productBodies.contains("field sku = null"), "optional on PUT");
        assertTrue(productBodies.contains("field sku = $-prefixed string"), "outside the sku syntax");
        assertTrue(attacksOn("POST", "/api/products").stream().anyMatch(a -> a.kind().equals("field sku = null")), "required on POST");
        List<String> cursors = attacksOn("GET", "/api/categories").stream().map(HostileSweep.Attack::path).filter(p -> p.contains("cursor=")).toList();
        assertFalse(cursors.contains("/api/categories?cursor=1e309"), "a valid slug");
        assertTrue(cursors.contains("/api/categories?cursor=-1"));
    }

    @Test
    void anOrderFilterTakesAnySkuAndTheOrderListIsNotAnAttackOnOneOrder() {
        List<String> list = attacksOn("GET", "/api/admin/orders").stream().map(HostileSweep.Attack::path).toList();
        assertFalse(list.contains("/api/admin/orders?sku=1e309"), "a valid sku no order holds");
        assertTrue(list.contains("/api/admin/orders?sku=-1"));
        assertTrue(list.contains("/api/admin/orders?status=complete"));
        List<String> one = attacksOn("GET", "/api/admin/orders/{number}").stream().map(HostileSweep.Attack::path).toList();
        assertFalse(one.contains("/api/admin/orders/.."), "the list itself");
        assertTrue(one.contains("/api/admin/orders/%2e%2e%2f%2e%2e%2f"));
        List<HostileSweep.Attack> shopper = attacksOn("GET", "/api/orders/{number}");
        assertTrue(shopper.stream().anyMatch(a -> "$ne".equals(a.headers().get("Order-Token"))), "a token outside its syntax");
    }

    @Test
    void theWebhookEndpointsAreSweptWithoutAValidSubscriptionAmongTheAttacks() {
        List<HostileSweep.Attack> subscribe = attacksOn("POST", "/api/admin/webhooks");
        assertTrue(subscribe.size() >= 50);
        assertTrue(subscribe.stream().noneMatch(a -> a.kind().startsWith("field enabled")), "enabled is in no valid body");
        assertTrue(subscribe.stream().anyMatch(a -> a.kind().equals("field url = $-prefixed string")));
        List<String> one = attacksOn("GET", "/api/admin/webhooks/{subscription}").stream().map(HostileSweep.Attack::path).toList();
        assertFalse(one.contains("/api/admin/webhooks/.."), "the list itself");
        assertTrue(one.contains("/api/admin/webhooks/%2e%2e%2f%2e%2e%2f"));
        List<String> redeliver = attacksOn("POST", "/api/admin/webhooks/{subscription}/deliveries/{delivery}/redeliver").stream()
                .map(HostileSweep.Attack::path).toList();
        assertTrue(redeliver.contains("/api/admin/webhooks/5f0000000000000000000000/deliveries/%24ne/redeliver"));
    }

    @Test
    void bodiesTravelWithTheirOwnContentType() {
        HostileSweep.Attack form = attacksOn("POST", "/api/carts/{id}/items").stream().filter(a -> a.kind().equals("body as form")).findFirst().orElseThrow();
        assertEquals("application/x-www-form-urlencoded", form.contentType());
        assertEquals("qty=1&sku=x", new String(form.body(), StandardCharsets.UTF_8));
    }
}

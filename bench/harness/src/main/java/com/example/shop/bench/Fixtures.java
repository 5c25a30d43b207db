package com.example.shop.bench;

import com.example.shop.stockinvariant.ExpectedStock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Products and stock the scenarios work on, created through the gateway's admin API. */
final class Fixtures {

    private Fixtures() {
    }

    static String product(String sku, int n) {
        return Api.json(Map.of(
                "sku", sku,
                "type", "Audio Album",
                "title", "Bench album " + n,
                "description", "created by bench/harness",
                "shipping", Map.of("weight", 6, "dimensions", Map.of("width", 10, "height", 10, "depth", 1)),
                "pricing", Map.of("currency", "USD", "list", 1500, "retail", 1000 + n % 400),
                "details", Map.of("artist", "Bench Quartet", "genre", List.of("Jazz"), "tracks", List.of("Take " + n),
                        "issue_date", String.format("20%02d-01-01", n % 25))));
    }

    /**
     * Creates {@code count} products {@code prefix-0…} (409 = already there) and sets each one's
     * stock to {@code stock} (a fresh sku: that is its initial stock). Returns the skus.
     */
    static List<String> products(Api api, String prefix, int count, int stock, ExpectedStock expected) {
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String sku = prefix + "-" + i;
            Api.Response p = api.admin("POST", "/api/products", product(sku, i));
            if (!p.ok() && p.status() != 409) {
                throw new IllegalStateException("POST /api/products " + sku + " -> " + p.status() + " " + p.body());
            }
            Api.Response s = api.admin("PUT", "/api/inventory/" + sku, "{\"qty\":" + stock + "}");
            if (!s.ok()) {
                throw new IllegalStateException("PUT /api/inventory/" + sku + " -> " + s.status() + " " + s.body());
            }
            if (expected != null) {
                expected.initial(sku, stock);
            }
            skus.add(sku);
        }
        return skus;
    }

    /** A cart of its own holding {@code qty} units of the sku, checked out with an approved payment under the key; the checkout's answer. */
    static Api.Response checkedOut(Api api, String sku, int qty, String idempotencyKey) {
        Api.Response cart = api.post("/api/carts", null);
        HostileSweep.require(cart, "POST /api/carts");
        String cartId = cart.json().path("id").asText();
        HostileSweep.require(api.post("/api/carts/" + cartId + "/items", "{\"sku\":\"" + sku + "\",\"qty\":" + qty + "}"), "POST items");
        Api.Response paid = api.send("POST", "/api/carts/" + cartId + "/checkout",
                "{\"payment\":{\"method\":\"card\",\"simulate\":\"approve\"}}".getBytes(StandardCharsets.UTF_8), false,
                Map.of("Idempotency-Key", idempotencyKey));
        HostileSweep.require(paid, "POST checkout");
        return paid;
    }
}

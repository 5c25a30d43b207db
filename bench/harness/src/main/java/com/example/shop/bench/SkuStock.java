package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A sku's stock as the cart service's admin view shows it: {@code GET <prefix>/admin/inventory/{sku}}
 * answers {@code {sku, available, reserved, sold, stocked, holders, held_by_age:[…]}}. The service
 * counts the holders by reading every reservation of the sku, so this is read between measured
 * windows, never in a loop beside the load.
 */
record SkuStock(long available, long reserved, long sold, long stocked, long holders) {

    String describe() {
        return String.format(java.util.Locale.ROOT, "available %,d · reserved %,d · sold %,d · stocked %,d · holders %,d", available, reserved,
                sold, stocked, holders);
    }

    /** The sku's figures, or null when the service did not answer 200 (down, restarting). */
    static SkuStock read(Api api, String prefix, String sku) {
        Api.Response r = api.admin("GET", prefix + "/admin/inventory/" + sku, null);
        if (!r.ok()) {
            return null;
        }
        JsonNode j = r.json();
        return new SkuStock(j.path("available").asLong(), j.path("reserved").asLong(), j.path("sold").asLong(),
                j.path("stocked").asLong(), j.path("holders").asLong());
    }

    /** As {@link #read}, retried for up to {@code seconds} (the service may be restarting); throws when it never answers. */
    static SkuStock await(Api api, String prefix, String sku, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            SkuStock s = read(api, prefix, sku);
            if (s != null) {
                return s;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("GET " + prefix + "/admin/inventory/" + sku + " did not answer 200 within " + seconds + " s");
            }
            Thread.sleep(500);
        }
    }
}

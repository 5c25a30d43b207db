package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The sell-outs of {@code scale-freshness} (issue 58): a variant whose stock is set to 0 through the
 * cart's stock API ({@code PUT /api/inventory/{sku}} through the gateway, admin) leaves replica B's
 * {@code inStock} listing. The cart reports the transition to the catalog (its availability outbox),
 * which indexes it as a product write, and B follows the change feed: this times that whole path.
 *
 * <p>Each sell-out takes an Apparel product of the store (spread evenly over them) and one of its
 * variants, in stock, whose size and colour no other variant of the product has; B's
 * {@code GET /products?titlePrefix=<its title>&size=<s>&colour=<c>&inStock=true} must list the product
 * before (else the next product is taken), and is polled after the stock API's answer until it does not.
 */
final class ScaleSellOuts {

    private ScaleSellOuts() {
    }

    static List<ScaleFreshness.Change> run(Api replicaA, Api replicaB, Api gateway, Path products, int count, int jitterMs,
                                           Duration timeout, int pollMs) throws Exception {
        List<String> keys = apparelKeys(products);
        List<ScaleFreshness.Change> done = new ArrayList<>();
        long step = Math.max(1, keys.size() / Math.max(1, 2L * count)); // twice the candidates needed: some are skipped
        for (int i = 0; i < keys.size() && done.size() < count; i += step) {
            String[] target = target(replicaA, replicaB, gateway, keys.get(i), done.size());
            if (target == null) {
                continue;
            }
            Thread.sleep(ThreadLocalRandom.current().nextInt(jitterMs + 1));
            Api.Response put = gateway.admin("PUT", "/api/inventory/" + ScaleQueries.enc(target[1]), "{\"qty\":0}");
            done.add(follow(replicaB, put, keys.get(i), target[1], target[0], timeout, pollMs));
        }
        return done;
    }

    /** The listing path that lists the product while the variant is in stock, and the variant's sku; null: no such variant. */
    private static String[] target(Api a, Api b, Api gateway, String key, int n) {
        Api.Response got = a.get("/products/" + ScaleQueries.enc(key));
        if (got.status() != 200) {
            return null;
        }
        JsonNode variants = got.json().path("variants");
        for (int k = 0; k < variants.size(); k++) {
            JsonNode v = variants.get((n + k) % variants.size()); // a different position in each product
            String size = v.path("options").path("size").asText("");
            String colour = v.path("options").path("colour").asText("");
            if (size.isEmpty() || colour.isEmpty() || v.path("retired").asBoolean(false) || alike(variants, v)) {
                continue;
            }
            Api.Response stock = gateway.get("/api/inventory/" + ScaleQueries.enc(v.path("sku").asText()));
            if (stock.status() != 200 || stock.json().path("available").asLong() <= 0) {
                continue;
            }
            String path = "/products?titlePrefix=" + ScaleQueries.enc(got.json().path("title").asText()) + "&size=" + ScaleQueries.enc(size)
                    + "&colour=" + ScaleQueries.enc(colour) + "&inStock=true&limit=100";
            Api.Response listed = b.get(path);
            return listed.status() == 200 && lists(listed, key) ? new String[] {path, v.path("sku").asText()} : null;
        }
        return null;
    }

    /** Another unretired variant with the same size and colour (then selling one out would not unlist the product). */
    private static boolean alike(JsonNode variants, JsonNode v) {
        for (JsonNode o : variants) {
            if (o != v && !o.path("retired").asBoolean(false) && o.path("options").equals(v.path("options"))) {
                return true;
            }
        }
        return false;
    }

    private static ScaleFreshness.Change follow(Api b, Api.Response put, String key, String variant, String path, Duration timeout, int pollMs)
            throws InterruptedException {
        long acked = System.nanoTime();
        if (put.status() != 200) {
            return new ScaleFreshness.Change("sell-out", variant, put.nanos() / 1000, -1, false, "PUT stock -> " + put.status() + " " + put.body());
        }
        long deadline = acked + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Api.Response r = b.get(path);
            if (r.status() == 200 && !lists(r, key)) {
                return new ScaleFreshness.Change("sell-out", variant, put.nanos() / 1000, (System.nanoTime() - acked) / 1000, true, null);
            }
            Thread.sleep(pollMs);
        }
        return new ScaleFreshness.Change("sell-out", variant, put.nanos() / 1000, -1, true,
                "still in B's inStock listing after " + timeout.toSeconds() + " s");
    }

    private static boolean lists(Api.Response r, String key) {
        for (JsonNode item : r.json().path("items")) {
            if (key.equals(item.path("sku").asText())) {
                return true;
            }
        }
        return false;
    }

    /** The keys of the store's products with both a size and a colour option, in file order. */
    private static List<String> apparelKeys(Path products) throws Exception {
        List<String> keys = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(products, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.contains("\"colour\"") && line.contains("\"size\"")) {
                    JsonNode p = Api.JSON.readTree(line);
                    if (p.path("variants").size() > 0) {
                        keys.add(p.path("sku").asText());
                    }
                }
            }
        }
        return keys;
    }
}

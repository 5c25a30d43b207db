package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The {@code webhooks} command's product phase: {@code count} product edits through the gateway at
 * {@code rate} a second (an open model), round {@value #PRODUCTS} products of the run's own, to a
 * subscription of {@code product.changed}. Measured per edit: the arrival of its event at the receiver
 * minus the moment the edit was sent. That spans the catalog's write, its settling in the change
 * feed, the cart's follower (one read every {@code cart.webhooks.follow-every}) and the sender.
 * A product's events carry the catalog revision as their sequence, so its k-th edit is its k-th event.
 */
final class ProductChangesPhase {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PRODUCTS = 50;

    /** What the phase measured: edits made, events arrived, and the edit → delivery latency (ms). */
    record Outcome(long edits, long arrived, long errors, Histogram millis) {
    }

    private ProductChangesPhase() {
    }

    static Outcome run(Api api, WebhookReceiver receiver, String run, int count, int rate, Duration within) throws Exception {
        List<String> products = new ArrayList<>();
        for (int i = 0; i < PRODUCTS; i++) {
            String sku = run + "-P" + i;
            Api.Response created = api.admin("POST", "/api/products", Fixtures.product(sku, i));
            if (created.status() != 201) {
                throw new IllegalStateException("POST /api/products " + sku + " -> " + created.status() + " " + created.body());
            }
            products.add(sku);
        }
        Api.Response subscribed = api.admin("POST", "/api/admin/webhooks",
                Api.json(Map.of("url", receiver.url(), "events", List.of("product.changed"))));
        if (subscribed.status() != 201) {
            throw new IllegalStateException("POST /api/admin/webhooks -> " + subscribed.status() + " " + subscribed.body());
        }
        String subscription = JSON.readTree(subscribed.body()).path("id").asText();
        try {
            awaitFollower(api, within);
            Map<String, List<Long>> sentMillis = new HashMap<>();
            products.forEach(sku -> sentMillis.put(sku, new ArrayList<>()));
            long[] versions = new long[PRODUCTS];
            java.util.Arrays.fill(versions, 1);
            long errors = edit(api, products, versions, sentMillis, count, rate);
            return measure(receiver, sentMillis, count - errors, errors, within);
        } finally {
            api.admin("DELETE", "/api/admin/webhooks/" + subscription, null);
        }
    }

    /** The follower starts at the catalog's revision of its first read: edits before it are not announced. */
    private static void awaitFollower(Api api, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Api.Response runs = api.admin("GET", "/api/admin/jobs/runs?job=follow-product-changes&limit=1", null);
            if (runs.ok() && "running".equals(JSON.readTree(runs.body()).path("items").path(0).path("state").asText())) {
                Thread.sleep(1000); // its first read, which takes the catalog's revision
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the product-changes follower did not start");
            }
            Thread.sleep(100);
        }
    }

    /** {@code count} edits, the n-th sent at start + n / rate seconds; one edit of a product at a time. */
    private static long edit(Api api, List<String> products, long[] versions, Map<String, List<Long>> sentMillis, int count, int rate)
            throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        java.util.concurrent.atomic.AtomicLong errors = new java.util.concurrent.atomic.AtomicLong();
        long start = System.nanoTime();
        for (int n = 0; n < count; n++) {
            long wait = start + n * 1_000_000_000L / rate - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            int product = n % products.size();
            int edit = n;
            pool.execute(() -> {
                String sku = products.get(product);
                synchronized (sku) {
                    long sent = System.currentTimeMillis();
                    Api.Response r = api.send("PUT", "/api/products/" + sku, Fixtures.product(sku, edit).getBytes(), true,
                            Map.of("If-Match", "\"" + versions[product] + "\""));
                    if (r.status() == 200) {
                        versions[product]++;
                        sentMillis.get(sku).add(sent);
                    } else {
                        errors.incrementAndGet();
                        System.err.println("PUT /api/products/" + sku + " -> " + r.status() + " " + r.body());
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(5, TimeUnit.MINUTES);
        return errors.get();
    }

    /** Waits until each edit's event arrived (or {@code within}); the k-th event of a product is its k-th edit. */
    private static Outcome measure(WebhookReceiver receiver, Map<String, List<Long>> sentMillis, long edits, long errors, Duration within)
            throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        Map<String, java.util.TreeMap<Long, Long>> arrivals;
        while (true) {
            arrivals = new HashMap<>();
            for (WebhookReceiver.Request request : receiver.received()) {
                JsonNode event = JSON.readTree(request.body());
                if ("product.changed".equals(event.path("type").asText()) && sentMillis.containsKey(event.path("subject").asText())) {
                    arrivals.computeIfAbsent(event.path("subject").asText(), s -> new java.util.TreeMap<>())
                            .putIfAbsent(event.path("sequence").asLong(), request.arrivedMillis());
                }
            }
            long arrived = arrivals.values().stream().mapToLong(Map::size).sum();
            if (arrived >= edits || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(250);
        }
        Histogram millis = new Histogram(3);
        long arrived = 0;
        for (Map.Entry<String, List<Long>> product : sentMillis.entrySet()) {
            List<Long> sent = product.getValue();
            List<Long> got = new ArrayList<>(arrivals.getOrDefault(product.getKey(), new java.util.TreeMap<>()).values());
            for (int k = 0; k < Math.min(sent.size(), got.size()); k++) {
                millis.recordValue(Math.max(0, got.get(k) - sent.get(k)));
                arrived++;
            }
        }
        return new Outcome(edits, arrived, errors, millis);
    }
}

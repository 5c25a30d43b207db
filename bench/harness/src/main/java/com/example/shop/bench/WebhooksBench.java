package com.example.shop.bench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Projections;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;
import org.bson.Document;

/**
 * {@code webhooks}: issue 59's two webhook targets, through the gateway, to a {@link WebhookReceiver}
 * on this machine that answers at once.
 * <ol>
 * <li><b>backlog</b>: {@code --backlog} events written straight into the outbox, as a burst of appends
 * would have written them; the time until the last has arrived is what one sender delivers a second
 * with nothing else to do.</li>
 * <li><b>latency</b>: {@code --events} stock changes at {@code --rate} a second (an open model: a change
 * is sent at its time whatever the last one's answer), each taking a sku across zero, so each is one
 * {@code inventory.sold_out} or {@code inventory.back_in_stock} event. Measured per event: its arrival
 * at the receiver minus the payload's {@code timestamp} (written when the change appended it).</li>
 * <li><b>outage</b>: the receiver's port closed, {@code --down-seconds} of changes at {@code --down-rate},
 * the port opened again; then every event must arrive, and a request seen twice must be the same
 * {@code webhook-id} with the same body (a retry).</li>
 * </ol>
 * What should have arrived is read from the cart database ({@code webhook_events} and
 * {@code webhook_outbox}), not from the sender's delivery log. With {@code --kill-every} (bench/chaos)
 * the cart service, which sends, is killed with SIGKILL and restarted during the latency phase
 * ({@link CartKiller}); changes refused while it is down are expected then, and {@code --answer-after-ms}
 * keeps requests in flight for the kills to meet. {@code --down-seconds 0}
 * leaves the outage out. With {@code --product-changes N}, then N product edits at {@code --product-rate}
 * to a {@code product.changed} subscription ({@link ProductChangesPhase}). Prints a RESULT and a VERDICT
 * line; {@code --md} writes the figures as a table.
 */
final class WebhooksBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int IN_STOCK = 5;

    private WebhooksBench() {
    }

    /** An event as the receiver saw it first. */
    private record Arrival(String subject, Instant timestamp, long arrivedMillis) {
    }

    static int run(Args a) throws Exception {
        int events = a.integer("events", 10_000);
        int rate = a.integer("rate", 100);
        int skuCount = a.integer("skus", 200);
        int downSeconds = a.integer("down-seconds", 60);
        int downRate = a.integer("down-rate", 50);
        int backlog = a.integer("backlog", 0);
        Duration drainFor = a.seconds("drain-seconds", 600);
        Api api = new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 4);
        String run = "WH" + Long.toString(System.currentTimeMillis(), 36).toUpperCase(Locale.ROOT);
        List<String> skus = IntStream.range(0, skuCount).mapToObj(i -> run + "-" + i).toList();
        try (Db db = new Db(a.required("mongo")); WebhookReceiver receiver = new WebhookReceiver(a.integer("answer-after-ms", 0))) {
            MongoDatabase cart = db.db("cart");
            Changes changes = new Changes(api, skus);
            changes.stockAll();
            awaitOutboxEmpty(cart, skus); // the events of the first stock leave before the subscription exists
            String subscription = subscribe(api, receiver.url());
            Instant subscribed = Instant.now();
            CartKiller killer = CartKiller.from(a);
            try {
                double backlogPerSecond = backlog > 0 ? drainBacklog(api, cart, receiver, run, backlog, drainFor) : 0;
                // 1. latency (and kills)
                long started = System.nanoTime();
                if (killer != null) {
                    killer.start();
                }
                changes.send(events, rate);
                double sendSeconds = (System.nanoTime() - started) / 1e9;
                if (killer != null) {
                    killer.stop();
                }
                Set<String> latencyEvents = awaitArrived(cart, skus, subscribed, receiver, drainFor);
                Map<String, Arrival> first = firstArrivals(receiver.received());
                Histogram millis = new Histogram(3);
                for (String id : latencyEvents) {
                    Arrival arrival = first.get(id);
                    if (arrival != null) {
                        millis.recordValue(Math.max(0, arrival.arrivedMillis() - arrival.timestamp().toEpochMilli()));
                    }
                }
                long latencyChanges = changes.sent.get();

                // 2. outage
                Instant downAt = Instant.now();
                if (downSeconds > 0) {
                    receiver.down();
                    changes.send(downSeconds * downRate, downRate);
                    receiver.up();
                }
                long upMillis = System.currentTimeMillis();
                Set<String> all = awaitArrived(cart, skus, subscribed, receiver, drainFor);
                List<WebhookReceiver.Request> received = receiver.received();
                first = firstArrivals(received);
                Set<String> outageEvents = new HashSet<>(all);
                outageEvents.removeAll(latencyEvents);
                long lastOutageArrival = outageEvents.stream().map(first::get).filter(java.util.Objects::nonNull)
                        .mapToLong(Arrival::arrivedMillis).max().orElse(upMillis);
                Set<String> lost = new HashSet<>(all);
                lost.removeAll(first.keySet());
                Set<String> skuSet = new HashSet<>(skus);
                Set<String> unexpected = new HashSet<>();
                first.forEach((id, arrival) -> {
                    if (skuSet.contains(arrival.subject()) && !all.contains(id)) {
                        unexpected.add(id);
                    }
                });
                long duplicates = received.size() - first.size();
                long differingRetries = differingBodies(received);
                int productEdits = a.integer("product-changes", 0);
                ProductChangesPhase.Outcome products = productEdits > 0
                        ? ProductChangesPhase.run(api, receiver, run, productEdits, a.integer("product-rate", 20), drainFor)
                        : new ProductChangesPhase.Outcome(0, 0, 0, new Histogram(3));

                System.out.printf(Locale.ROOT, "RESULT webhooks backlog=%d backlog_per_s=%.0f events=%d changes=%d rate=%d sent_per_s=%.0f p50_ms=%d p99_ms=%d max_ms=%d "
                                + "down_seconds=%d down_changes=%d down_events=%d up_to_last_s=%.1f delivered=%d lost=%d unexpected=%d "
                                + "duplicates=%d differing_retries=%d change_errors=%d product_edits=%d product_arrived=%d product_p50_ms=%d "
                                + "product_p99_ms=%d product_errors=%d%n",
                        backlog, backlogPerSecond, latencyEvents.size(), latencyChanges, rate, latencyChanges / sendSeconds, at(millis, 50), at(millis, 99),
                        at(millis, 100), downSeconds > 0 ? Duration.between(downAt, Instant.ofEpochMilli(upMillis)).toSeconds() : 0,
                        changes.sent.get() - latencyChanges, outageEvents.size(), (lastOutageArrival - upMillis) / 1000.0,
                        all.size() - lost.size(), lost.size(), unexpected.size(), duplicates, differingRetries, changes.errors.get(),
                        products.edits(), products.arrived(), at(products.millis(), 50), at(products.millis(), 99), products.errors());
                boolean ok = lost.isEmpty() && unexpected.isEmpty() && differingRetries == 0
                        && products.arrived() == products.edits() && products.errors() == 0
                        && (killer == null ? changes.errors.get() == 0 : killer.kills() > 0);
                String verdict = String.format(Locale.ROOT, "%s: %d events, %d delivered, %d lost, %d not expected, %d requests again "
                                + "(%d with another body)%s", ok ? "PASS" : "FAIL", all.size(), all.size() - lost.size(), lost.size(),
                        unexpected.size(), duplicates, differingRetries, killer == null ? "" : "; " + killer.summary());
                System.out.println("VERDICT " + verdict);
                String md = a.str("md", null);
                if (md != null) {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(md), String.join("\n",
                            "| figure | value |", "|---|---:|",
                            "| stock changes through the gateway (refused while the cart service was down) | " + changes.sent.get() + " ("
                                    + changes.errors.get() + ") |",
                            "| events appended (`webhook_events`, `webhook_outbox`) | " + all.size() + " |",
                            "| delivered · lost · not expected | " + (all.size() - lost.size()) + " · " + lost.size() + " · "
                                    + unexpected.size() + " |",
                            "| requests again (same webhook-id) · of them with another body | " + duplicates + " · " + differingRetries + " |",
                            "| change → first delivery p50 · p99 · max (ms) | " + at(millis, 50) + " · " + at(millis, 99) + " · "
                                    + at(millis, 100) + " |",
                            productEdits == 0 ? "" : "| product edits → `product.changed` arrived · p50 · p99 (ms) | " + products.edits()
                                    + " → " + products.arrived() + " · " + at(products.millis(), 50) + " · " + at(products.millis(), 99) + " |",
                            "", killer == null ? "" : killer.summary() + ".", "", "VERDICT " + verdict, ""));
                }
                return ok ? 0 : 1;
            } finally {
                if (killer != null) {
                    killer.stop();
                }
                api.admin("DELETE", "/api/admin/webhooks/" + subscription, null);
            }
        }
    }

    /**
     * Writes {@code count} events into the outbox in one insert, wakes the sender with one stock change,
     * and answers how many arrived a second, from the insert to the last first arrival.
     */
    private static double drainBacklog(Api api, MongoDatabase cart, WebhookReceiver receiver, String run, int count, Duration within)
            throws InterruptedException {
        List<Document> events = new ArrayList<>(count);
        java.util.Date now = new java.util.Date();
        for (int i = 0; i < count; i++) {
            String subject = run + "-B" + i;
            events.add(new Document("_id", "evt_" + subject).append("type", "inventory.sold_out").append("subject", subject)
                    .append("sequence", 1L).append("payload", "{\"type\":\"inventory.sold_out\",\"timestamp\":\"" + now.toInstant()
                            + "\",\"subject\":\"" + subject + "\",\"sequence\":1,\"data\":{}}").append("at", now));
        }
        long startedMillis = System.currentTimeMillis();
        cart.getCollection("webhook_outbox").insertMany(events);
        api.admin("PUT", "/api/inventory/" + run + "-WAKE", "{\"qty\":0}");
        Set<String> ids = new HashSet<>();
        events.forEach(event -> ids.add(event.getString("_id")));
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            Map<String, Long> arrived = new HashMap<>();
            receiver.received().forEach(request -> arrived.putIfAbsent(request.webhookId(), request.arrivedMillis()));
            if (arrived.keySet().containsAll(ids)) {
                long last = ids.stream().mapToLong(arrived::get).max().orElseThrow();
                return count / Math.max(1e-3, (last - startedMillis) / 1000.0);
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the backlog of " + count + " events had not arrived after " + within);
    }

    /** The skus' stock, toggled between {@value #IN_STOCK} units and none: each change crosses zero. */
    private static final class Changes {
        private final Api api;
        private final List<String> skus;
        private final int[] quantity;
        final AtomicLong sent = new AtomicLong();
        final AtomicLong errors = new AtomicLong();

        Changes(Api api, List<String> skus) {
            this.api = api;
            this.skus = skus;
            this.quantity = new int[skus.size()];
        }

        void stockAll() throws InterruptedException {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            for (int i = 0; i < skus.size(); i++) {
                int sku = i;
                pool.execute(() -> change(sku, IN_STOCK));
            }
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.MINUTES);
            sent.set(0);
        }

        /** {@code count} changes, the n-th sent at start + n / rate seconds, round the skus. */
        void send(int count, int rate) throws InterruptedException {
            ExecutorService pool = Executors.newFixedThreadPool(32);
            long start = System.nanoTime();
            long offset = sent.get();
            for (int n = 0; n < count; n++) {
                long due = start + n * 1_000_000_000L / rate;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                int sku = (int) ((offset + n) % skus.size());
                pool.execute(() -> toggle(sku));
            }
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.MINUTES);
        }

        private void toggle(int sku) {
            synchronized (skus.get(sku)) { // one change of a sku at a time, so each crosses zero
                change(sku, quantity[sku] == 0 ? IN_STOCK : 0);
            }
        }

        private void change(int sku, int qty) {
            Api.Response r = api.admin("PUT", "/api/inventory/" + skus.get(sku), "{\"qty\":" + qty + "}");
            if (r.status() == 200) {
                quantity[sku] = qty;
                sent.incrementAndGet();
            } else {
                errors.incrementAndGet();
                System.err.println("PUT /api/inventory/" + skus.get(sku) + " -> " + r.status() + " " + r.errorKind() + " " + r.body());
            }
        }
    }

    private static String subscribe(Api api, String url) {
        Api.Response r = api.admin("POST", "/api/admin/webhooks",
                Api.json(Map.of("url", url, "events", List.of("inventory.sold_out", "inventory.back_in_stock"))));
        if (r.status() != 201) {
            throw new IllegalStateException("POST /api/admin/webhooks -> " + r.status() + " " + r.body()
                    + " (a loopback receiver needs CART_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true)");
        }
        try {
            return JSON.readTree(r.body()).path("id").asText();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("POST /api/admin/webhooks answered " + r.body(), e);
        }
    }

    private static void awaitOutboxEmpty(MongoDatabase cart, List<String> skus) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (cart.getCollection("webhook_outbox").find(in("subject", skus)).first() != null) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the first stock's events are still in the outbox after 2 minutes");
            }
            Thread.sleep(100);
        }
    }

    /**
     * The ids of the skus' events since {@code since}; returns once each has arrived, or after {@code within}.
     * The database is read when the receiver has all that was expected and every 5 s, not at every look:
     * each read walks every event since, and reading 4 times a second took the database more time than the sender's writes.
     */
    private static Set<String> awaitArrived(MongoDatabase cart, List<String> skus, Instant since, WebhookReceiver receiver,
                                            Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        Set<String> expected = eventsSince(cart, skus, since);
        long readAt = System.nanoTime();
        while (true) {
            Set<String> arrived = new HashSet<>();
            receiver.received().forEach(request -> arrived.add(request.webhookId()));
            boolean complete = arrived.containsAll(expected);
            if (complete || System.nanoTime() - readAt > TimeUnit.SECONDS.toNanos(5)) {
                expected = eventsSince(cart, skus, since);
                readAt = System.nanoTime();
                if (arrived.containsAll(expected) && cart.getCollection("webhook_outbox").find(in("subject", skus)).first() == null) {
                    return expected;
                }
            }
            if (System.nanoTime() > deadline) {
                return expected;
            }
            Thread.sleep(250);
        }
    }

    /** Appended since {@code since}: fanned out already ({@code webhook_events}) or still in the outbox. */
    private static Set<String> eventsSince(MongoDatabase cart, List<String> skus, Instant since) {
        Set<String> ids = new HashSet<>();
        for (String collection : List.of("webhook_events", "webhook_outbox")) {
            for (Document event : cart.getCollection(collection).find(and(in("subject", skus), gte("at", java.util.Date.from(since))))
                    .projection(Projections.include("_id"))) {
                ids.add(event.getString("_id"));
            }
        }
        return ids;
    }

    private static Map<String, Arrival> firstArrivals(List<WebhookReceiver.Request> received) {
        Map<String, Arrival> first = new HashMap<>();
        for (WebhookReceiver.Request request : received) {
            if (request.webhookId() != null && !first.containsKey(request.webhookId())) {
                try {
                    JsonNode payload = JSON.readTree(request.body());
                    first.put(request.webhookId(), new Arrival(payload.path("subject").asText(),
                            Instant.parse(payload.path("timestamp").asText()), request.arrivedMillis()));
                } catch (java.io.IOException | java.time.format.DateTimeParseException e) {
                    throw new IllegalStateException("a webhook body that is not an event: " + request.body(), e);
                }
            }
        }
        return first;
    }

    /** The webhook-ids that came with two different bodies: a duplicate that is not a retry. */
    private static long differingBodies(List<WebhookReceiver.Request> received) {
        Map<String, Set<String>> bodies = new HashMap<>();
        received.forEach(request -> bodies.computeIfAbsent(request.webhookId(), id -> new HashSet<>()).add(request.body()));
        return bodies.values().stream().filter(set -> set.size() > 1).count();
    }

    /** The latency at {@code percentile} in ms; -1 when nothing arrived. */
    private static long at(Histogram millis, double percentile) {
        return millis.getTotalCount() == 0 ? -1 : millis.getValueAtPercentile(percentile);
    }
}

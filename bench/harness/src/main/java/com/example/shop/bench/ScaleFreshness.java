package com.example.shop.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * bench/run's {@code scale} scenario (issue 19), {@code scale-freshness}: how long a change made on
 * catalog replica A takes to show in the listings of replica B (another catalog process on the same
 * database, following the change feed). {@code --changes} changes, one after the other, in turn: an
 * update of a store product (GET, its title prefixed with a token of its own, PUT with If-Match), the
 * creation of a new product (a store line under a new sku, titled with a token), the deletion of the
 * product just created. Each is written to A's API with the admin token; then B's listing
 * {@code GET /products?titlePrefix=<token>} (a prefix query on the exact title) is polled every
 * {@code --poll-ms} until it shows the change (the sku listed, or gone after a delete), at most
 * {@code --timeout} seconds. Measured from A's answer (the change acknowledged) to the first answer of
 * B that shows it; A's own listing is read once right after its answer too (the contract: visible on
 * the replica that took it before the write is answered). Before each change a random pause of 0 to
 * {@code --jitter-ms} ms, so that the changes do not fall at one phase of B's feed polling. Then
 * {@code --sellouts} variants sold out through the stock API ({@link ScaleSellOuts}).
 */
final class ScaleFreshness {

    private ScaleFreshness() {
    }

    record Change(String kind, String sku, long writeMicros, long visibleMicros, boolean onA, String error) {
    }

    static int run(Args a) throws Exception {
        Duration timeout = a.seconds("timeout", 10);
        Api replicaA = new Api(a.required("a"), a.required("token"), Duration.ofSeconds(30), 2);
        Api replicaB = new Api(a.required("b"), null, Duration.ofSeconds(30), 2);
        Path store = Path.of(a.required("store"));
        int changes = a.integer("changes", 100);
        int pollMs = a.integer("poll-ms", 10);
        int jitterMs = a.integer("jitter-ms", 250);
        String run = Long.toString(System.currentTimeMillis() / 1000 % 1_000_000, 36);

        List<ObjectNode> lines = sample(store.resolve("products.ndjson"), changes);
        List<Change> done = new ArrayList<>();
        String created = null;
        for (int i = 0; i < changes; i++) {
            Thread.sleep(ThreadLocalRandom.current().nextInt(jitterMs + 1));
            String token = String.format(Locale.ROOT, "Fresh-%s-%04d ", run, i);
            int kind = i % 3 == 2 ? created == null ? 0 : 2 : i % 3; // update, create, delete the one created
            ObjectNode line = lines.get(i % lines.size());
            Change c;
            if (kind == 0) {
                c = update(replicaA, replicaB, line.path("sku").asText(), token, timeout, pollMs);
            } else if (kind == 1) {
                String sku = "FRESH-" + run + "-" + i;
                c = create(replicaA, replicaB, line, sku, token, timeout, pollMs);
                created = c.error == null || c.error.startsWith("not visible") ? sku + "\n" + token : null;
            } else {
                String[] skuToken = created.split("\n", 2);
                c = delete(replicaA, replicaB, skuToken[0], skuToken[1], timeout, pollMs);
                created = null;
            }
            done.add(c);
            if (c.error != null) {
                System.err.println("change " + i + " (" + c.kind + " " + c.sku + "): " + c.error);
            }
        }
        if (created != null) { // leave no product of ours behind
            replicaA.admin("DELETE", "/products/" + created.split("\n", 2)[0], null);
        }
        int sellouts = a.integer("sellouts", 0);
        List<Change> soldOut = sellouts == 0 ? List.of() : ScaleSellOuts.run(replicaA, replicaB,
                new Api(a.required("gateway"), a.required("token"), Duration.ofSeconds(30), 2), store.resolve("products.ndjson"), sellouts,
                jitterMs, timeout, pollMs);
        return report(a, done, pollMs, timeout) + soldOutReport(a, soldOut, sellouts, pollMs, timeout) == 0 ? 0 : 1;
    }

    private static Change update(Api a, Api b, String sku, String token, Duration timeout, int pollMs) {
        Api.Response got = a.get("/products/" + ScaleQueries.enc(sku));
        if (got.status() != 200) {
            return new Change("update", sku, 0, -1, false, "GET on A -> " + got.status());
        }
        ObjectNode body = (ObjectNode) got.json();
        body.put("title", token + body.path("title").asText());
        String etag = got.header("ETag");
        Api.Response put = a.send("PUT", "/products/" + ScaleQueries.enc(sku), Api.json(body).getBytes(StandardCharsets.UTF_8), true,
                Map.of("If-Match", etag == null ? String.valueOf(body.path("version").asLong()) : etag));
        return follow("update", a, b, put, 200, sku, token, true, timeout, pollMs);
    }

    private static Change create(Api a, Api b, ObjectNode line, String sku, String token, Duration timeout, int pollMs) {
        ObjectNode body = line.deepCopy();
        body.put("sku", sku);
        body.put("title", token + body.path("title").asText());
        // the copied line's variants keep their options but not their skus, which the store product holds
        int i = 0;
        for (com.fasterxml.jackson.databind.JsonNode variant : body.path("variants")) {
            ((ObjectNode) variant).put("sku", sku + "-" + i++);
        }
        Api.Response post = a.admin("POST", "/products", Api.json(body));
        return follow("create", a, b, post, 201, sku, token, true, timeout, pollMs);
    }

    private static Change delete(Api a, Api b, String sku, String token, Duration timeout, int pollMs) {
        Api.Response del = a.admin("DELETE", "/products/" + ScaleQueries.enc(sku), null);
        return follow("delete", a, b, del, 204, sku, token, false, timeout, pollMs);
    }

    /** After A's answer: A's listing once, then B's until it shows the change (listed, or gone). */
    private static Change follow(String kind, Api a, Api b, Api.Response write, int expected, String sku, String token, boolean listed,
                                 Duration timeout, int pollMs) {
        long acked = System.nanoTime();
        long writeMicros = write.nanos() / 1000;
        if (write.status() != expected) {
            return new Change(kind, sku, writeMicros, -1, false, "write on A -> " + write.status() + " " + abbreviate(write.body()));
        }
        String path = "/products?titlePrefix=" + ScaleQueries.enc(token) + "&limit=5";
        boolean onA = shows(a.get(path), sku) == listed;
        long deadline = acked + timeout.toNanos();
        String lastError = null;
        while (System.nanoTime() < deadline) {
            Api.Response r = b.get(path);
            if (r.status() == 200) {
                if (shows(r, sku) == listed) {
                    return new Change(kind, sku, writeMicros, (System.nanoTime() - acked) / 1000, onA, null);
                }
            } else {
                lastError = "B's listing -> " + r.status() + " " + abbreviate(r.body());
            }
            try {
                Thread.sleep(pollMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new Change(kind, sku, writeMicros, -1, onA, "not visible on B within " + timeout.toSeconds() + " s"
                + (lastError == null ? "" : " (last: " + lastError + ")"));
    }

    private static boolean shows(Api.Response r, String sku) {
        for (JsonNode item : r.json().path("items")) {
            if (sku.equals(item.path("sku").asText())) {
                return true;
            }
        }
        return false;
    }

    /** {@code n} product lines spread evenly over the store. */
    private static List<ObjectNode> sample(Path products, int n) throws Exception {
        long total;
        try (var l = Files.lines(products, StandardCharsets.UTF_8)) {
            total = l.count();
        }
        long step = Math.max(1, total / Math.max(1, n));
        List<ObjectNode> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(products, StandardCharsets.UTF_8)) {
            String line;
            long i = 0;
            while ((line = in.readLine()) != null && out.size() < n) {
                if (i++ % step == 0) {
                    out.add((ObjectNode) Api.JSON.readTree(line));
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no product in " + products);
        }
        return out;
    }

    private static int report(Args a, List<Change> changes, int pollMs, Duration timeout) throws Exception {
        List<Long> visible = new ArrayList<>();
        List<Long> writes = new ArrayList<>();
        int errors = 0;
        int notOnA = 0;
        StringBuilder failures = new StringBuilder();
        for (Change c : changes) {
            if (c.writeMicros > 0) {
                writes.add(c.writeMicros);
            }
            if (c.error != null) {
                errors++;
                if (failures.length() < 2000) {
                    failures.append("- ").append(c.kind).append(' ').append(c.sku).append(": ").append(c.error.replace("`", "'")).append('\n');
                }
                // a change never seen counts as slower than any seen one: the percentiles show it
                visible.add(Long.MAX_VALUE);
            } else {
                visible.add(c.visibleMicros);
            }
            if (c.error == null && !c.onA) {
                notOnA++;
            }
        }
        Collections.sort(visible);
        Collections.sort(writes);
        long updates = changes.stream().filter(c -> c.kind.equals("update")).count();
        long creates = changes.stream().filter(c -> c.kind.equals("create")).count();
        long deletes = changes.stream().filter(c -> c.kind.equals("delete")).count();
        String md = String.format(Locale.ROOT, """
                %d changes written to replica A's API one after the other (%d updates of a store product's title, %d creations, \
                %d deletions of the product just created), each after a random pause of 0 to %s ms; replica B's \
                `GET /products?titlePrefix=<the change's token>` polled every %d ms until it showed the change (at most %d s).

                | changes on A → visible on B (from A's answer) | p50 ms | p90 ms | p99 ms | max ms | not seen within %d s |
                |---|---:|---:|---:|---:|---:|
                | %d | %s | %s | **%s** | %s | %d |

                The writes on A (request → answer): p50 %s ms, p99 %s ms. Changes already in A's own listing when A answered: \
                %d of %d.
                """, changes.size(), updates, creates, deletes, a.str("jitter-ms", "250"), pollMs, timeout.toSeconds(), timeout.toSeconds(),
                changes.size(), ms(pct(visible, 50)), ms(pct(visible, 90)), ms(pct(visible, 99)), ms(pct(visible, 100)), errors,
                ms(pct(writes, 50)), ms(pct(writes, 99)), changes.size() - errors - notOnA, changes.size() - errors);
        if (failures.length() > 0) {
            md += "\nChanges that failed or were not seen:\n\n" + failures;
        }
        Files.writeString(Path.of(a.required("md")), md);
        System.out.printf(Locale.ROOT, "RESULT scale-freshness changes=%d p50_ms=%s p90_ms=%s p99_ms=%s max_ms=%s not_seen=%d "
                        + "not_on_a=%d write_p99_ms=%s%n", changes.size(), ms(pct(visible, 50)), ms(pct(visible, 90)), ms(pct(visible, 99)),
                ms(pct(visible, 100)), errors, notOnA, ms(pct(writes, 99)));
        return errors == 0 ? 0 : 1;
    }

    /** The sell-outs' section, appended to {@code --md}, and their RESULT line; 1 when one failed, was not seen, or fewer were found. */
    private static int soldOutReport(Args a, List<Change> soldOut, int asked, int pollMs, Duration timeout) throws Exception {
        if (asked == 0) {
            return 0;
        }
        List<Long> gone = new ArrayList<>();
        StringBuilder failures = new StringBuilder();
        int errors = 0;
        for (Change c : soldOut) {
            gone.add(c.error == null ? c.visibleMicros : Long.MAX_VALUE);
            if (c.error != null) {
                errors++;
                failures.append("- ").append(c.sku).append(": ").append(abbreviate(c.error).replace("`", "'")).append('\n');
            }
        }
        Collections.sort(gone);
        List<Long> puts = soldOut.stream().map(c -> c.writeMicros).sorted().toList();
        String md = String.format(Locale.ROOT, """

                Then %d variants sold out (%d asked; products whose variant could not be found in stock or listed were passed over): \
                each an Apparel product's variant in stock whose size and colour no other variant of it has, its stock set to 0 by \
                `PUT /api/inventory/{sku}` (the cart service, through the gateway); the cart reports the transition to the catalog, \
                whose listings follow. Replica B's `GET /products?titlePrefix=<title>&size=<s>&colour=<c>&inStock=true` listed the \
                product before, and was polled every %d ms after the PUT's answer until it did not (at most %d s).

                | variant sold out → product gone from B's `inStock` listing | p50 ms | p90 ms | p99 ms | max ms | not gone within %d s |
                |---|---:|---:|---:|---:|---:|
                | %d | %s | %s | **%s** | %s | %d |

                The stock PUTs (request → answer): p50 %s ms, p99 %s ms.
                """, soldOut.size(), asked, pollMs, timeout.toSeconds(), timeout.toSeconds(), soldOut.size(), ms(pct(gone, 50)), ms(pct(gone, 90)),
                ms(pct(gone, 99)), ms(pct(gone, 100)), errors, ms(pct(puts, 50)), ms(pct(puts, 99)));
        if (failures.length() > 0) {
            md += "\nSell-outs that failed or were not seen:\n\n" + failures;
        }
        Files.writeString(Path.of(a.required("md")), md, java.nio.file.StandardOpenOption.APPEND);
        System.out.printf(Locale.ROOT, "RESULT scale-sellouts sellouts=%d asked=%d p50_ms=%s p99_ms=%s max_ms=%s not_seen=%d%n", soldOut.size(),
                asked, ms(pct(gone, 50)), ms(pct(gone, 99)), ms(pct(gone, 100)), errors);
        return errors == 0 && soldOut.size() == asked ? 0 : 1;
    }

    /** Nearest-rank percentile of sorted values (p99 of 100 changes is the 99th). */
    private static long pct(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return -1;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size(), rank) - 1));
    }

    private static String ms(long micros) {
        if (micros == Long.MAX_VALUE) {
            return "n/a";
        }
        return micros < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", micros / 1000.0);
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "";
        }
        String t = s.replaceAll("\\s+", " ");
        return t.length() > 160 ? t.substring(0, 160) + "…" : t;
    }
}

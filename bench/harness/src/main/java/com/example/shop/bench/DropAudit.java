package com.example.shop.bench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Sorts.descending;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.mongodb.client.MongoDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.bson.Document;

/**
 * The drop's books, once its load has stopped: stalled checkouts resolved, every cart left active
 * expired, then trapped reservations cleaned up, each through the admin jobs API and followed to its
 * end (olderThan=PT0S: nothing is in flight any more). A move of stock that a job had claimed when
 * its process was killed stays that job's until the claim runs out (the cart service's
 * {@code MoveJournal.BATCH_OWNED_FOR}, 2 minutes), and a cleanup passes over it until then: the
 * cleanup waits for the last such claim to end (chaos drop-kill 2026-11-29: 2 units of a crashed add
 * still reserved at the audit, returned by the next cleanup a minute later). Units stranded — reserved by the sku's counter
 * but held by no cart that may hold stock — are read after the expiry (what the expiry leaves behind)
 * and after the cleanup; then the stock invariant, strictly, with the checker every scenario uses.
 */
final class DropAudit {

    /** After expiry: the sku and the units holding carts still have; after cleanup: the same, and the invariant. */
    record Result(List<String> jobs, SkuStock afterExpiry, long heldAfterExpiry, SkuStock afterCleanup, long heldAfterCleanup,
                  InvariantReport invariant) {

        long strandedAfterExpiry() {
            return Math.max(0, afterExpiry.reserved() - heldAfterExpiry);
        }

        long strandedAfterCleanup() {
            return Math.max(0, afterCleanup.reserved() - heldAfterCleanup);
        }
    }

    private DropAudit() {
    }

    static Result run(Api admin, String mongo, String sku, ExpectedStock expected) throws InterruptedException {
        List<String> jobs = new ArrayList<>();
        try (Db db = new Db(mongo)) {
            MongoDatabase cart = db.db("cart");
            jobs.add(runJob(admin, "resolve-checkouts"));
            jobs.add(runJob(admin, "expire-carts"));
            SkuStock afterExpiry = SkuStock.await(admin, "/api", sku, 120);
            long heldAfterExpiry = heldByCarts(cart, sku);
            jobs.add(awaitUnclaimedMoves(cart));
            jobs.add(runJob(admin, "cleanup-inventory"));
            SkuStock afterCleanup = SkuStock.await(admin, "/api", sku, 120);
            long heldAfterCleanup = heldByCarts(cart, sku);
            InvariantReport inv = StockInvariant.check(cart, List.of(sku), expected, StockInvariant.Level.STRICT);
            return new Result(jobs, afterExpiry, heldAfterExpiry, afterCleanup, heldAfterCleanup, inv);
        }
    }

    /**
     * One run of {@code job} followed to its end; tried again (up to 30 times, a second apart) when it
     * did not succeed, since after the chaos case's last restart the service may still be starting.
     */
    static String runJob(Api admin, String job) throws InterruptedException {
        JobRuns.Ended ended = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            ended = JobRuns.runToEnd(admin, "/api", job, "?olderThan=PT0S", 300_000);
            if (ended.succeeded()) {
                break;
            }
            Thread.sleep(1000);
        }
        return "`" + job + "?olderThan=PT0S` → " + HolderCurve.describe(ended);
    }

    /** Longest wait for claims of killed processes to run out: the cart service's claim (2 min) and some slack. */
    private static final Duration MAX_CLAIM_WAIT = Duration.ofSeconds(150);

    /** Waits until no journalled move is claimed ({@code owned_until} ahead), at most {@link #MAX_CLAIM_WAIT}; says how long. */
    static String awaitUnclaimedMoves(MongoDatabase cart) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + MAX_CLAIM_WAIT.toNanos();
        int claimed = 0;
        while (true) {
            Date now = new Date();
            Document last = cart.getCollection("inventory_moves").find(gt("owned_until", now)).sort(descending("owned_until")).first();
            if (last == null || System.nanoTime() > deadline) {
                String waited = String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - start) / 1e9);
                return last == null
                        ? "moves claimed when a process was killed: " + (claimed == 0 ? "none" : claimed + ", waited " + waited + " until their claims ran out")
                        : "moves still claimed after " + waited + " (at most " + MAX_CLAIM_WAIT.toSeconds() + " s waited): the cleanup may pass over them";
            }
            claimed = Math.max(claimed, (int) cart.getCollection("inventory_moves").countDocuments(gt("owned_until", now)));
            Thread.sleep(Math.min(5_000, Math.max(100, last.getDate("owned_until").getTime() - now.getTime() + 100)));
        }
    }

    /** Units of the sku in the lines of carts that may hold stock (active, pending, expiring). */
    static long heldByCarts(MongoDatabase cart, String sku) {
        long units = 0;
        for (Document c : cart.getCollection("cart").find(and(eq("items.sku", sku), in("status", StockInvariant.HOLDING_STATUSES)))) {
            for (Document item : c.getList("items", Document.class, List.of())) {
                if (sku.equals(item.getString("sku"))) {
                    units += StockInvariant.num(item.get("qty"));
                }
            }
        }
        return units;
    }
}

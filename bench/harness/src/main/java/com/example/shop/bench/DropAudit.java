package com.example.shop.bench;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;

import com.example.shop.stockinvariant.ExpectedStock;
import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The drop's books, once its load has stopped: stalled checkouts resolved, every cart left active
 * expired, then trapped reservations cleaned up, each through the admin jobs API and followed to its
 * end (olderThan=PT0S: nothing is in flight any more). A move of stock that a job had claimed when
 * its process was killed stays that job's until the claim runs out (the cart service's
 * {@code MoveJournal.BATCH_OWNED_FOR}, 2 minutes), and a cleanup passes over it until then: the
 * cleanup waits for the last such claim to end ({@link ClaimedMoves}; chaos drop-kill 2026-11-29: 2 units of a crashed add
 * still reserved at the audit, returned by the next cleanup a minute later). Units stranded — reserved by a sku's counter
 * but held by no cart that may hold stock — are read for each of the drop's skus after the expiry (what the expiry
 * leaves behind) and after the cleanup; then the stock invariant over all of them, strictly, with the checker every
 * scenario uses.
 */
final class DropAudit {

    /** One sku after the expiry and after the cleanup: its counters and the units holding carts still have of it. */
    record Books(String sku, SkuStock afterExpiry, long heldAfterExpiry, SkuStock afterCleanup, long heldAfterCleanup) {

        long strandedAfterExpiry() {
            return Math.max(0, afterExpiry.reserved() - heldAfterExpiry);
        }

        long strandedAfterCleanup() {
            return Math.max(0, afterCleanup.reserved() - heldAfterCleanup);
        }
    }

    /** The jobs run, each sku's books, and the invariant over all the skus. */
    record Result(List<String> jobs, List<Books> skus, InvariantReport invariant) {

        long strandedAfterExpiry() {
            return skus.stream().mapToLong(Books::strandedAfterExpiry).sum();
        }

        long strandedAfterCleanup() {
            return skus.stream().mapToLong(Books::strandedAfterCleanup).sum();
        }

        long sold() {
            return skus.stream().mapToLong(b -> b.afterCleanup().sold()).sum();
        }
    }

    private DropAudit() {
    }

    static Result run(Api admin, String mongo, List<String> skus, ExpectedStock expected) throws InterruptedException {
        List<String> jobs = new ArrayList<>();
        try (Db db = new Db(mongo)) {
            MongoDatabase cart = db.db("cart");
            jobs.add(runJob(admin, "resolve-checkouts"));
            jobs.add(runJob(admin, "expire-carts"));
            List<SkuStock> afterExpiry = new ArrayList<>();
            List<Long> heldAfterExpiry = new ArrayList<>();
            for (String sku : skus) {
                afterExpiry.add(SkuStock.await(admin, "/api", sku, 120));
                heldAfterExpiry.add(heldByCarts(cart, sku));
            }
            jobs.add(ClaimedMoves.awaitNone(cart));
            jobs.add(runJob(admin, "cleanup-inventory"));
            List<Books> books = new ArrayList<>();
            for (int i = 0; i < skus.size(); i++) {
                String sku = skus.get(i);
                books.add(new Books(sku, afterExpiry.get(i), heldAfterExpiry.get(i), SkuStock.await(admin, "/api", sku, 120),
                        heldByCarts(cart, sku)));
            }
            InvariantReport inv = StockInvariant.check(cart, skus, expected, StockInvariant.Level.STRICT);
            return new Result(jobs, books, inv);
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

package com.example.shop.cart.carts;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.inventory.Reservations;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Expires carts idle for longer than {@code cart.expiry.inactive-after} or holding stock for longer
 * than {@code cart.expiry.max-hold}, returning their stock, then deletes the carts that hold nothing
 * once their retention is over. One pass over the carts finds the candidates (the embedded server has
 * no index for it, so each further pass would cost as much); then, batch by batch: lock active →
 * expiring under the pass's own filter (a cart touched since is left alone), return the stock
 * ({@link Reservations#returnAllHeldBy}), mark expired. A pending cart is never selected; a crash
 * leaves carts expiring, which the next run resumes. See docs/design.md, Carts and checkout.
 */
@ApplicationScoped
public class ExpireCarts {

    private final CartsStore carts;
    private final Reservations reservations;
    private final CartMetrics metrics;
    private final CartConfig config;

    public ExpireCarts(CartsStore carts, Reservations reservations, CartMetrics metrics, CartConfig config) {
        this.carts = carts;
        this.reservations = reservations;
        this.metrics = metrics;
        this.config = config;
    }

    /** Runs with the configured max hold; {@code inactiveAfter} is the idle threshold of this run. */
    public ExpiryReport run(Duration inactiveAfter) {
        return run(inactiveAfter, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each batch. */
    public ExpiryReport run(Duration inactiveAfter, Consumer<ExpiryReport> progress) {
        Instant now = Instant.now();
        Date idleBefore = Date.from(now.minus(inactiveAfter));
        CartsStore.ExpiryCutoffs cutoffs = new CartsStore.ExpiryCutoffs(idleBefore, Date.from(now.minus(config.expiry().maxHold())));
        Map<String, List<String>> idle = new LinkedHashMap<>(); // cart id → the skus of its lines
        List<String> held = new ArrayList<>();
        Map<String, List<String>> expiring = new LinkedHashMap<>();
        // One pass over the carts finds both locks' candidates and the carts already expiring (a crashed
        // run's, or another replica's at work): the embedded server matches every cart on each query, so
        // every further pass would cost as much as this one however few carts are stale.
        carts.forEachExpiryCandidate(cutoffs, cart -> {
            if (cart.status() == CartStatus.EXPIRING) {
                expiring.put(cart.id(), cart.skus());
            } else if (cart.lastModified() != null && cart.lastModified().before(idleBefore) && !cart.skus().isEmpty()) {
                idle.put(cart.id(), cart.skus());
            } else {
                held.add(cart.id());
            }
        });
        Tally tally = new Tally(progress);
        // one batch at a time: two at once were no faster
        batchesOf(new ArrayList<>(idle.keySet())).forEach(ids -> lockIdle(ids, idle, cutoffs, tally));
        batchesOf(held).forEach(ids -> lockHeldTooLong(ids, cutoffs, tally));
        batchesOf(new ArrayList<>(expiring.keySet())).forEach(ids -> returnAndMark(linesOf(ids, expiring), tally));
        return tally.report(deleteSpent(now));
    }

    /**
     * Locks the idle carts of a batch. A cart is locked only if it is still untouched since before
     * the cutoff, so its lines are the ones the pass read (every cart write touches it): when the lock
     * took the whole batch, those lines are returned without reading the carts again; otherwise the
     * carts locked (and any another replica locked meanwhile) are read back. A cart touched since the
     * pass is left alone, also when it has held stock too long by now: the next run takes it.
     */
    private void lockIdle(List<String> ids, Map<String, List<String>> idle, CartsStore.ExpiryCutoffs cutoffs, Tally tally) {
        int locked = carts.lockIdle(ids, cutoffs, new Date());
        tally.locked(locked, 0);
        returnAndMark(locked == ids.size() ? linesOf(ids, idle) : lockedLines(ids), tally);
    }

    /** Locks the carts of a batch that have held stock too long; their lines are read back as they were locked. */
    private void lockHeldTooLong(List<String> ids, CartsStore.ExpiryCutoffs cutoffs, Tally tally) {
        int locked = carts.lockHeldTooLong(ids, cutoffs, new Date());
        tally.locked(0, locked);
        if (locked > 0) {
            returnAndMark(lockedLines(ids), tally);
        }
    }

    /** Returns the stock the carts hold and marks them expired (guarded by {@code status: expiring}, so each is counted once). */
    private void returnAndMark(Map<String, List<String>> lines, Tally tally) {
        if (lines.isEmpty()) {
            return;
        }
        long units = reservations.returnAllHeldBy(lines, Return.EXPIRY);
        long marked = carts.markExpired(new ArrayList<>(lines.keySet()), new Date());
        metrics.expired(marked);
        tally.expired(marked, units);
    }

    /** The carts of {@code ids} that are expiring now, with the skus of their lines. */
    private Map<String, List<String>> lockedLines(List<String> ids) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        for (StoredCart cart : carts.expiring(ids)) {
            lines.put(cart.id(), cart.skus());
        }
        return lines;
    }

    private static Map<String, List<String>> linesOf(List<String> ids, Map<String, List<String>> skusByCart) {
        Map<String, List<String>> lines = new LinkedHashMap<>();
        ids.forEach(id -> lines.put(id, skusByCart.get(id)));
        return lines;
    }

    private List<List<String>> batchesOf(List<String> ids) {
        int size = config.expiry().batchSize();
        List<List<String>> batches = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += size) {
            batches.add(ids.subList(from, Math.min(from + size, ids.size())));
        }
        return batches;
    }

    /** The run's counts so far; each addition is reported to the run's progress. */
    private static final class Tally {

        private final Consumer<ExpiryReport> progress;
        private int locked;
        private int heldTooLong;
        private int expired;
        private long units;

        Tally(Consumer<ExpiryReport> progress) {
            this.progress = progress;
        }

        void locked(int idle, int held) {
            locked += idle;
            heldTooLong += held;
            progress.accept(report(0));
        }

        void expired(long carts, long returned) {
            expired += (int) carts;
            units += returned;
            progress.accept(report(0));
        }

        ExpiryReport report(long deleted) {
            return new ExpiryReport(locked, heldTooLong, expired, units, deleted);
        }
    }

    /**
     * Deletes the carts that hold nothing and whose retention is over: their ids read in one pass,
     * then {@code cart.expiry.batch-size} at a time, each delete guarded by the same filter, since one
     * delete of them all is one command whose time grows with them, past the driver's socket timeout
     * on a large store. Returns how many.
     */
    private long deleteSpent(Instant now) {
        CartConfig.Retention retention = config.retention();
        CartsStore.RetentionCutoffs cutoffs = new CartsStore.RetentionCutoffs(Date.from(now.minus(retention.expired())),
                Date.from(now.minus(retention.empty())), retention.complete().map(complete -> Date.from(now.minus(complete))).orElse(null));
        long deleted = 0;
        for (List<String> batch : batchesOf(carts.spent(cutoffs))) {
            deleted += carts.deleteSpent(batch, cutoffs);
        }
        metrics.deleted(deleted);
        return deleted;
    }
}

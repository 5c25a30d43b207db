package com.example.shop.cart.carts;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.inventory.Reservations;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Expires carts untouched for longer than {@code cart.expiry.inactive-after}, and carts that have
 * held stock for longer than {@code cart.expiry.max-hold} however active they are; then deletes
 * carts that hold nothing once their retention is over.
 * <ol>
 * <li><b>Lock</b>: active → expiring, {@link #BATCH} carts per {@code updateMany}; their ids, and
 * those of the carts already expiring, are read first in one pass over the carts (the embedded
 * server has no index to serve it, so each pass costs as much as the collection is big, history
 * included: a run used to make five). Each update's filter is evaluated per cart at the moment it
 * is written:
 * {@code status: active} and {@code last_modified < cutoff}. A cart
 * touched meanwhile has a newer {@code last_modified} and is left alone; an add racing the lock
 * fails its own guarded cart write ({@code status: active}) and undoes its reservation. A second
 * {@code updateMany} per batch locks the active carts whose {@code held_since} (set by their first
 * reservation) is older than the max hold, touched or not; the carts locked are read back by id,
 * with their lines as they were locked. Neither ever selects a pending cart:
 * a checkout in progress keeps its reservations.</li>
 * <li><b>Return</b>, for every cart in {@code expiring} (this run's, and any left by a crashed
 * run or being handled by another replica right now), in batches, by
 * {@link Reservations#returnAllHeldBy}: one read of the reservations of the batch's lines (by id),
 * one journalled move that empties each of them (guarded on the quantity read) and credits each
 * sku's available stock once. A reservation that changed meanwhile (an add racing the lock) is read
 * again and taken as it is; two replicas racing on one reservation: exactly one update matches.
 * A reservation without a line (a crashed add's) is journalled with that add, and the cleanup
 * returns it.</li>
 * <li><b>Mark</b> expiring → expired for the batch (guarded by {@code status: expiring}, so each
 * cart is counted by exactly one replica).</li>
 * <li><b>Delete</b>, once the stock question is settled: expired carts older than
 * {@code cart.retention.expired}, active carts without lines untouched for
 * {@code cart.retention.empty} (the idle lock leaves empty carts alone), and, when
 * {@code cart.retention.complete} is set, completed (settled) carts older than that, all found
 * in one pass, {@link #BATCH} carts per {@code deleteMany}. A cart that holds nothing has nothing to return; a stray
 * reservation of a deleted cart is returned by the cleanup job ("no such cart").</li>
 * </ol>
 * Round trips grow with the number of reservations and skus per batch, never with the holders of a sku. A failure
 * part-way leaves carts in {@code expiring}; the next run resumes them. A pending cart is never
 * selected, so a checkout keeps its reservations. The jobs feature runs it ({@code jobs.JobRunner}).
 */
@ApplicationScoped
public class ExpireCarts {

    /** Carts per return-and-mark batch: bounds the size of one {@code $in} query and of one guarded update. */
    static final int BATCH = 1000;

    private final MongoCollection<Document> carts;
    private final Reservations reservations;
    private final CartMetrics metrics;
    private final CartConfig config;

    public ExpireCarts(CartsStore store, Reservations reservations, CartMetrics metrics, CartConfig config) {
        this.carts = store.carts();
        this.reservations = reservations;
        this.metrics = metrics;
        this.config = config;
    }

    /** Runs with the configured max hold; {@code inactiveAfter} is the idle threshold of this run. */
    public ExpiryReport run(Duration inactiveAfter) {
        return run(inactiveAfter, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after the lock and after each batch. */
    public ExpiryReport run(Duration inactiveAfter, Consumer<ExpiryReport> progress) {
        Instant now = Instant.now();
        // Only carts with lines: an empty one has nothing to return and is deleted after its own retention.
        Bson stale = and(StoredCart.inStatus(CartStatus.ACTIVE), lt(StoredCart.LAST_MODIFIED, Date.from(now.minus(inactiveAfter))),
                exists(StoredCart.FIRST_ITEM));
        Bson heldTooLong = and(StoredCart.inStatus(CartStatus.ACTIVE), lt(StoredCart.HELD_SINCE, Date.from(now.minus(config.expiry().maxHold()))));
        // One pass over the carts finds both locks' candidates and the carts already expiring (a crashed
        // run's, or another replica's at work): the embedded server matches every cart on each query, so
        // every further pass would cost as much as this one however few carts are stale.
        List<String> candidates = new ArrayList<>();
        Map<String, List<String>> expiring = new LinkedHashMap<>(); // cart id → the skus of its lines
        for (Document doc : carts.find(or(stale, heldTooLong, StoredCart.inStatus(CartStatus.EXPIRING)))
                .projection(include(StoredCart.ID, StoredCart.STATUS, StoredCart.ITEM_SKU))) {
            StoredCart cart = StoredCart.of(doc);
            if (cart.status() == CartStatus.EXPIRING) {
                expiring.put(cart.id(), cart.skus());
            } else {
                candidates.add(cart.id());
            }
        }
        int locked = 0;
        int lockedHeldTooLong = 0;
        for (int from = 0; from < candidates.size(); from += BATCH) {
            List<String> batch = candidates.subList(from, Math.min(from + BATCH, candidates.size()));
            int stalled = lock(batch, stale);
            int held = lock(batch, heldTooLong);
            locked += stalled;
            lockedHeldTooLong += held;
            if (stalled + held > 0) {
                // the lines as they were locked (a cart held too long may have changed since the pass)
                for (Document doc : carts.find(and(in(StoredCart.ID, batch), StoredCart.inStatus(CartStatus.EXPIRING)))
                        .projection(include(StoredCart.ID, StoredCart.ITEM_SKU))) {
                    StoredCart cart = StoredCart.of(doc);
                    expiring.putIfAbsent(cart.id(), cart.skus());
                }
            }
        }
        List<String> ids = new ArrayList<>(expiring.keySet());
        int expired = 0;
        long units = 0;
        progress.accept(new ExpiryReport(locked, lockedHeldTooLong, expired, units, 0));
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<String> batch = ids.subList(from, Math.min(from + BATCH, ids.size()));
            Map<String, List<String>> lines = new LinkedHashMap<>();
            batch.forEach(id -> lines.put(id, expiring.get(id)));
            units += reservations.returnAllHeldBy(lines, Return.EXPIRY);
            long marked = carts.updateMany(and(in(StoredCart.ID, batch), StoredCart.inStatus(CartStatus.EXPIRING)),
                    combine(set(StoredCart.STATUS, CartStatus.EXPIRED.wire()), StoredCart.touched(new Date())))
                    .getModifiedCount();
            expired += (int) marked;
            metrics.expired(marked);
            progress.accept(new ExpiryReport(locked, lockedHeldTooLong, expired, units, 0));
        }
        return new ExpiryReport(locked, lockedHeldTooLong, expired, units, deleteSpent(now));
    }

    /**
     * Locks (active → expiring) the carts of {@code batch} that match {@code filter} at the moment
     * they are written, so a cart touched since the pass is left alone; returns how many.
     */
    private int lock(List<String> batch, Bson filter) {
        return (int) carts.updateMany(and(in(StoredCart.ID, batch), filter),
                combine(set(StoredCart.STATUS, CartStatus.EXPIRING.wire()), StoredCart.touched(new Date())))
                .getModifiedCount();
    }

    /**
     * Applies {@code write} to the carts matching {@code filter}, {@link #BATCH} at a time: their
     * ids are read in one pass, then each write is given {@code _id in batch} and {@code filter}.
     * One write over every matching cart would be a single command whose time grows with them: at
     * 100,000 carts on the embedded server it outlasted the driver's 10 s socket timeout and the
     * run failed. Returns the sum of what the writes counted.
     */
    private long inBatches(Bson filter, ToLongFunction<Bson> write) {
        List<String> ids = new ArrayList<>();
        for (Document cart : carts.find(filter).projection(include(StoredCart.ID))) {
            ids.add(cart.getString(StoredCart.ID));
        }
        long counted = 0;
        for (int from = 0; from < ids.size(); from += BATCH) {
            counted += write.applyAsLong(and(in(StoredCart.ID, ids.subList(from, Math.min(from + BATCH, ids.size()))), filter));
        }
        return counted;
    }

    /** Deletes the carts that hold nothing and whose retention is over, found in one pass; returns how many. */
    private long deleteSpent(Instant now) {
        CartConfig.Retention retention = config.retention();
        List<Bson> spent = new ArrayList<>(List.of(
                and(StoredCart.inStatus(CartStatus.EXPIRED), lt(StoredCart.LAST_MODIFIED, Date.from(now.minus(retention.expired())))),
                and(StoredCart.inStatus(CartStatus.ACTIVE), size(StoredCart.ITEMS, 0),
                        lt(StoredCart.LAST_MODIFIED, Date.from(now.minus(retention.empty()))))));
        retention.complete().ifPresent(complete -> spent.add(and(StoredCart.inStatus(CartStatus.COMPLETE), eq(StoredCart.SETTLED, true),
                lt(StoredCart.LAST_MODIFIED, Date.from(now.minus(complete))))));
        long deleted = inBatches(or(spent), batch -> carts.deleteMany(batch).getDeletedCount());
        metrics.deleted(deleted);
        return deleted;
    }
}

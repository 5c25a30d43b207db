package com.example.shop.cart.jobs;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.cart.CartStatus;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.config.CartMetrics;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.jobs.JobReports.ExpiryReport;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Expires carts untouched for longer than {@code cart.expiry.inactive-after}.
 * <ol>
 * <li><b>Lock</b>: active → expiring in one {@code updateMany} whose filter is evaluated per cart
 * at the moment it is written: {@code status: active} and {@code last_modified < cutoff}. A cart
 * touched meanwhile has a newer {@code last_modified} and is left alone; an add racing the lock
 * fails its own guarded cart write ({@code status: active}) and undoes its reservation.</li>
 * <li><b>Return</b>, for every cart in {@code expiring} (this run's, and any left by a crashed
 * run or being handled by another replica right now), in batches: one query finds the batch's
 * carted entries (on the {@code carted.cart_id} index), and each entry is pulled and added back to
 * {@code qty} in one update guarded on the entry's exact quantity
 * ({@link Reservations#releaseObserved}). Two replicas racing on one entry: exactly one update
 * matches.</li>
 * <li><b>Mark</b> expiring → expired for the batch (guarded by {@code status: expiring}, so each
 * cart is counted by exactly one replica).</li>
 * </ol>
 * Round trips grow with the number of reservations, not five per cart as a cart-at-a-time loop
 * would need. A failure part-way leaves carts in {@code expiring}; the next run resumes them.
 * A pending cart is never selected, so a checkout keeps its reservations.
 */
@Singleton
public class ExpireCarts {

    /** Carts per return-and-mark batch: bounds the size of one {@code $in} query. */
    static final int BATCH = 200;

    private final MongoCollection<Document> carts;
    private final Reservations reservations;
    private final CartMetrics metrics;

    @Inject
    public ExpireCarts(CartDatabase database, Reservations reservations, CartMetrics metrics) {
        this.carts = database.carts();
        this.reservations = reservations;
        this.metrics = metrics;
    }

    public ExpiryReport run(Duration inactiveAfter) {
        return run(inactiveAfter, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after the lock and after each batch. */
    public ExpiryReport run(Duration inactiveAfter, Consumer<ExpiryReport> progress) {
        Date cutoff = Date.from(Instant.now().minus(inactiveAfter));
        int locked = (int) carts.updateMany(
                and(eq("status", CartStatus.ACTIVE), lt("last_modified", cutoff)),
                combine(set("status", CartStatus.EXPIRING), set("last_modified", new Date()), inc("version", 1L)))
                .getModifiedCount();
        List<String> expiring = carts.find(eq("status", CartStatus.EXPIRING)).projection(include("_id"))
                .map(cart -> cart.getString("_id")).into(new ArrayList<>());
        int expired = 0;
        long units = 0;
        progress.accept(new ExpiryReport(locked, expired, units));
        for (int from = 0; from < expiring.size(); from += BATCH) {
            List<String> batch = expiring.subList(from, Math.min(from + BATCH, expiring.size()));
            Set<String> inBatch = new HashSet<>(batch);
            for (Document inventory : reservations.heldByAny(batch)) {
                for (Document entry : Docs.list(inventory, "carted")) {
                    String cartId = entry.getString("cart_id");
                    if (inBatch.contains(cartId)) {
                        units += reservations.releaseObserved(inventory.getString("_id"), cartId, entry, "expiry");
                    }
                }
            }
            long marked = carts.updateMany(and(in("_id", batch), eq("status", CartStatus.EXPIRING)),
                    combine(set("status", CartStatus.EXPIRED), set("last_modified", new Date()), inc("version", 1L)))
                    .getModifiedCount();
            expired += (int) marked;
            metrics.expired(marked);
            progress.accept(new ExpiryReport(locked, expired, units));
        }
        return new ExpiryReport(locked, expired, units);
    }
}

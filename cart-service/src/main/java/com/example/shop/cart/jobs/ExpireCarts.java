package com.example.shop.cart.jobs;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.cart.CartStatus;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.config.CartMetrics;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.jobs.JobReports.ExpiryReport;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/**
 * Expires carts untouched for longer than {@code cart.expiry.inactive-after}.
 * <ol>
 * <li><b>Lock</b>: active → expiring, guarded by {@code status: active}, the {@code version} read
 * and {@code last_modified < cutoff}: a cart touched meanwhile is left alone.</li>
 * <li><b>Return</b>, for every cart in {@code expiring} (this run's, and any left by a crashed
 * run or being handled by another replica right now): each of its carted entries, found through
 * the {@code carted.cart_id} index, is pulled and added back to {@code qty} in one update guarded
 * on the entry's exact quantity ({@link Reservations#releaseAll}). Two replicas racing on one
 * entry: exactly one update matches.</li>
 * <li><b>Mark</b> expiring → expired (guarded by {@code status: expiring}).</li>
 * </ol>
 * A pending cart is never selected, so a checkout keeps its reservations.
 */
@Singleton
public class ExpireCarts {

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
        Date cutoff = Date.from(Instant.now().minus(inactiveAfter));
        int locked = 0;
        List<Document> stale = carts.find(and(eq("status", CartStatus.ACTIVE), lt("last_modified", cutoff)))
                .projection(include("_id", "version")).into(new ArrayList<>());
        for (Document cart : stale) {
            locked += (int) carts.updateOne(
                    and(eq("_id", cart.get("_id")), eq("status", CartStatus.ACTIVE), eq("version", cart.get("version")),
                            lt("last_modified", cutoff)),
                    combine(set("status", CartStatus.EXPIRING), set("last_modified", new Date()), inc("version", 1L)))
                    .getModifiedCount();
        }
        int expired = 0;
        long units = 0;
        List<Document> expiring = carts.find(eq("status", CartStatus.EXPIRING)).projection(include("_id"))
                .into(new ArrayList<>());
        for (Document cart : expiring) {
            String cartId = cart.getString("_id");
            for (Document inventory : reservations.heldBy(cartId)) {
                units += reservations.releaseAll(inventory.getString("_id"), cartId, "expiry");
            }
            long marked = carts.updateOne(and(eq("_id", cartId), eq("status", CartStatus.EXPIRING)),
                    combine(set("status", CartStatus.EXPIRED), set("last_modified", new Date()), inc("version", 1L)))
                    .getModifiedCount();
            if (marked == 1) {
                expired++;
                metrics.expired();
            }
        }
        return new ExpiryReport(locked, expired, units);
    }
}

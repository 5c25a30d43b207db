package com.example.shop.cart.jobs;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.lt;

import com.example.shop.cart.cart.CartReader;
import com.example.shop.cart.cart.CartStatus;
import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.inventory.Docs;
import com.example.shop.cart.inventory.Reservations;
import com.example.shop.cart.jobs.JobReports.CleanupReport;
import com.mongodb.client.MongoCollection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Returns reserved stock that no cart holds any more (left by a crash between the two writes of
 * an operation, or by an add that raced expiry or checkout). For each carted entry older than
 * {@code cart.cleanup.older-than}, what the cart still holds is:
 * <ul>
 * <li>nothing if the cart is missing, expired, or complete and settled;</li>
 * <li>its line's qty (0 without a line) if it is active <em>and</em> itself untouched since the
 * cutoff (a recently changed cart may have a request in flight: skipped);</li>
 * <li>everything (skipped) if it is pending, expiring, or complete but not yet settled: checkout,
 * expiry and the stalled-checkout job own those.</li>
 * </ul>
 * The excess is returned by one update guarded on the entry's exact qty and timestamp, so a
 * concurrent add, release, or another replica's cleanup makes it match nothing. Because adds
 * reserve before they claim and decreases unclaim before they return, an entry is never smaller
 * than its line, and returning the excess never takes what the cart claims.
 */
@Singleton
public class CleanupInventory {

    private final MongoCollection<Document> inventory;
    private final MongoCollection<Document> carts;
    private final Reservations reservations;

    @Inject
    public CleanupInventory(CartDatabase database, Reservations reservations) {
        this.inventory = database.inventory();
        this.carts = database.carts();
        this.reservations = reservations;
    }

    public CleanupReport run(Duration olderThan) {
        return run(olderThan, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each inventory document. */
    public CleanupReport run(Duration olderThan, Consumer<CleanupReport> progress) {
        Date cutoff = Date.from(Instant.now().minus(olderThan));
        int examined = 0;
        int returned = 0;
        long units = 0;
        for (Document doc : inventory.find(lt("carted.timestamp", cutoff))) {
            String sku = doc.getString("_id");
            for (Document entry : Docs.list(doc, "carted")) {
                Date timestamp = entry.getDate("timestamp");
                if (timestamp == null || !timestamp.before(cutoff)) {
                    continue;
                }
                examined++;
                String cartId = entry.getString("cart_id");
                long held = stillHeld(carts.find(eq("_id", cartId)).first(), sku, cutoff);
                long excess = Docs.num(entry, "qty") - held;
                if (held >= 0 && excess > 0 && reservations.returnEntry(sku, cartId, entry, excess, "cleanup")) {
                    returned++;
                    units += excess;
                }
            }
            progress.accept(new CleanupReport(examined, returned, units));
        }
        return new CleanupReport(examined, returned, units);
    }

    /** Units of the sku the cart still holds, or -1 when the cart is busy and must be left alone. */
    private static long stillHeld(Document cart, String sku, Date cutoff) {
        if (cart == null) {
            return 0;
        }
        switch (cart.getString("status")) {
            case CartStatus.EXPIRED:
                return 0;
            case CartStatus.COMPLETE:
                return Boolean.TRUE.equals(cart.getBoolean("settled")) ? 0 : -1;
            case CartStatus.ACTIVE:
                if (!cart.getDate("last_modified").before(cutoff)) {
                    return -1;
                }
                Document line = CartReader.line(cart, sku);
                return line == null ? 0 : Docs.num(line, "qty");
            default:
                return -1;
        }
    }
}

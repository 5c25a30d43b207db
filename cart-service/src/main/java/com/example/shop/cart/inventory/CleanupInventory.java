package com.example.shop.cart.inventory;

import static com.example.shop.cart.StoredFields.number;
import static com.mongodb.client.model.Filters.lt;

import com.example.shop.cart.CartMetrics.Return;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Returns reserved stock that no cart holds any more (left by a crash between the two writes of
 * an operation, or by an add that raced expiry or checkout). For each carted entry older than
 * {@code cart.cleanup.older-than}, the carts feature says what the cart still claims
 * ({@link Claims}: nothing if the cart is missing, expired, or complete and settled; its line if
 * it is active and untouched since the cutoff; unknown, and left alone, if it may be changing).
 * The excess is returned by one update guarded on the entry's exact qty and timestamp, so a
 * concurrent add, release, or another replica's cleanup makes it match nothing. Because adds
 * reserve before they claim and decreases unclaim before they return, an entry is never smaller
 * than its line, and returning the excess never takes what the cart claims. The jobs feature runs
 * it ({@code jobs.JobRunner}).
 */
@ApplicationScoped
public class CleanupInventory {

    private final MongoCollection<Document> inventory;
    private final Reservations reservations;
    private final Claims claims;

    public CleanupInventory(InventoryStore store, Reservations reservations, Claims claims) {
        this.inventory = store.inventory();
        this.reservations = reservations;
        this.claims = claims;
    }

    public CleanupReport run(Duration olderThan) {
        return run(olderThan, soFar -> { });
    }

    /** As {@link #run(Duration)}, telling {@code progress} the counts after each inventory document. */
    public CleanupReport run(Duration olderThan, Consumer<CleanupReport> progress) {
        // stored dates have milliseconds: the cutoff too, so that "older than" means the same to both
        Instant cutoff = Instant.now().minus(olderThan).truncatedTo(ChronoUnit.MILLIS);
        Date cutoffDate = Date.from(cutoff);
        int examined = 0;
        int returned = 0;
        long units = 0;
        for (Document doc : inventory.find(lt("carted.timestamp", cutoffDate))) {
            String sku = doc.getString("_id");
            for (Document entry : StoredStock.entries(doc)) {
                Date timestamp = entry.getDate("timestamp");
                if (timestamp == null || !timestamp.before(cutoffDate)) {
                    continue;
                }
                examined++;
                String cartId = entry.getString("cart_id");
                OptionalLong claimed = claims.claimed(cartId, sku, cutoff);
                long excess = claimed.isPresent() ? number(entry, "qty") - claimed.getAsLong() : 0;
                if (excess > 0 && reservations.returnUntouchedEntry(sku, cartId, entry, excess, Return.CLEANUP)) {
                    returned++;
                    units += excess;
                }
            }
            progress.accept(new CleanupReport(examined, returned, units));
        }
        return new CleanupReport(examined, returned, units);
    }
}

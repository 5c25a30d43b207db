package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.push;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.config.CartMetrics;
import com.example.shop.cart.problems.CartProblems;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.result.UpdateResult;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.List;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jboss.logging.Logger;

/**
 * Every change of a reservation ({@code inventory.carted}) is here. Each method is a single
 * atomic update of one inventory document that moves units between {@code qty} (available), a
 * carted entry and {@code sold}, so each update on its own keeps
 * {@code stocked = qty + Σ carted.qty + sold}. There is at most one carted entry per
 * (sku, cart); its {@code qty} is the cart's whole reservation of that sku.
 * <p>
 * Units leave an entry only through a compare-and-set on the entry's exact {@code qty} (the filter
 * requires the entry with that quantity to be present), so two processes acting on the same
 * observation cannot both succeed: a reservation is never returned (or sold) twice.
 */
@Singleton
public class Reservations {

    private static final Logger LOG = Logger.getLogger(Reservations.class);
    private static final int ATTEMPTS = 100;

    private final MongoCollection<Document> inventory;
    private final CartMetrics metrics;

    @Inject
    public Reservations(CartDatabase database, CartMetrics metrics) {
        this.inventory = database.inventory();
        this.metrics = metrics;
    }

    /**
     * Takes {@code units} from available stock into the cart's entry (created if absent), guarded by
     * {@code qty >= units}. Throws insufficient-inventory when the stock is short.
     */
    public void reserve(String sku, String cartId, int units) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Date now = new Date();
            UpdateResult grown = inventory.updateOne(
                    and(eq("_id", sku), gte("qty", units), eq("carted.cart_id", cartId)),
                    combine(inc("qty", -units), inc("carted.$.qty", units), set("carted.$.timestamp", now)));
            if (grown.getModifiedCount() == 1) {
                metrics.reserved(units);
                return;
            }
            UpdateResult created = inventory.updateOne(
                    and(eq("_id", sku), gte("qty", units), ne("carted.cart_id", cartId)),
                    combine(inc("qty", -units),
                            push("carted", new Document("cart_id", cartId).append("qty", units).append("timestamp", now))));
            if (created.getModifiedCount() == 1) {
                metrics.reserved(units);
                return;
            }
            Document doc = inventory.find(eq("_id", sku)).first();
            long available = Docs.num(doc, "qty");
            if (available < units) {
                throw CartProblems.insufficientInventory(sku, available, units);
            }
            // the entry appeared or disappeared between the two updates: try again
        }
        throw CartProblems.busy();
    }

    /**
     * Returns up to {@code units} of the cart's reservation of {@code sku} to available stock (the
     * whole entry is pulled when it holds exactly that many). Returns how many units were returned;
     * 0 when the cart holds no reservation (someone else already returned it).
     */
    public long release(String sku, String cartId, long units, String reason) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Document entry = entry(sku, cartId);
            if (entry == null || units <= 0) {
                return 0;
            }
            long held = Docs.num(entry, "qty");
            if (held < units) {
                LOG.warnf("Cart holds %d of %s, asked to return %d: returning what it holds", held, sku, units);
            }
            long take = Math.min(held, units);
            if (casReturn(sku, cartId, entry, take, false)) {
                metrics.returned(reason, take);
                return take;
            }
        }
        throw CartProblems.busy();
    }

    /** Returns the whole of an observed entry, if it is still exactly as observed. */
    public boolean returnEntry(String sku, String cartId, Document observed, long units, String reason) {
        boolean done = casReturn(sku, cartId, observed, units, true);
        if (done) {
            metrics.returned(reason, units);
        }
        return done;
    }

    /** Returns the whole reservation of the cart for this sku, however large it is now. */
    public long releaseAll(String sku, String cartId, String reason) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Document entry = entry(sku, cartId);
            if (entry == null) {
                return 0;
            }
            long held = Docs.num(entry, "qty");
            if (casReturn(sku, cartId, entry, held, false)) {
                metrics.returned(reason, held);
                return held;
            }
        }
        throw CartProblems.busy();
    }

    /**
     * Makes {@code units} of the cart's reservation permanent: the entry is pulled, {@code units}
     * counted as sold and any excess returned to available stock, in one update guarded on the
     * entry's exact quantity. Returns the units sold, 0 if the cart holds no entry any more.
     */
    public long sell(String sku, String cartId, long units) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Document entry = entry(sku, cartId);
            if (entry == null) {
                return 0;
            }
            long held = Docs.num(entry, "qty");
            long sold = Math.min(held, units);
            if (held < units) {
                LOG.errorf("Cart %s… holds only %d of %s but sells %d", cartId.substring(0, 6), held, sku, units);
            }
            UpdateResult result = inventory.updateOne(
                    and(eq("_id", sku), elemMatch("carted", and(eq("cart_id", cartId), eq("qty", entry.get("qty"))))),
                    combine(pull("carted", new Document("cart_id", cartId)), inc("qty", held - sold), inc("sold", sold)));
            if (result.getModifiedCount() == 1) {
                metrics.sold(sold);
                metrics.returned("checkout-excess", held - sold);
                return sold;
            }
        }
        throw CartProblems.busy();
    }

    /** The cart's carted entry of this sku, or null. */
    public Document entry(String sku, String cartId) {
        Document doc = inventory.find(eq("_id", sku)).first();
        for (Document entry : Docs.list(doc, "carted")) {
            if (cartId.equals(entry.getString("cart_id"))) {
                return entry;
            }
        }
        return null;
    }

    /** The skus in which the cart holds a reservation (uses the carted.cart_id index). */
    public List<Document> heldBy(String cartId) {
        return inventory.find(eq("carted.cart_id", cartId)).into(new java.util.ArrayList<>());
    }

    /** The inventory documents holding a reservation of any of these carts, in one query. */
    public List<Document> heldByAny(java.util.Collection<String> cartIds) {
        return inventory.find(com.mongodb.client.model.Filters.in("carted.cart_id", cartIds)).into(new java.util.ArrayList<>());
    }

    /**
     * Returns the whole of an entry as it was just read: one guarded update when nothing changed
     * it meanwhile (the common case, no re-read), else whatever the cart holds now, re-reading
     * as {@link #releaseAll} does.
     */
    public long releaseObserved(String sku, String cartId, Document observed, String reason) {
        long held = Docs.num(observed, "qty");
        if (casReturn(sku, cartId, observed, held, false)) {
            metrics.returned(reason, held);
            return held;
        }
        return releaseAll(sku, cartId, reason);
    }

    /**
     * The one way units go back to available stock: {@code take} units leave the entry (pulled
     * when it empties) and are added to {@code qty}, only if the entry still holds exactly what
     * was observed (and, with {@code exactTimestamp}, was not touched since).
     */
    private boolean casReturn(String sku, String cartId, Document observed, long take, boolean exactTimestamp) {
        long held = Docs.num(observed, "qty");
        if (take <= 0 || take > held) {
            return false;
        }
        Bson entryFilter = exactTimestamp
                ? and(eq("cart_id", cartId), eq("qty", observed.get("qty")), eq("timestamp", observed.get("timestamp")))
                : and(eq("cart_id", cartId), eq("qty", observed.get("qty")));
        Bson filter = and(eq("_id", sku), elemMatch("carted", entryFilter));
        Bson update = take == held
                ? combine(pull("carted", new Document("cart_id", cartId)), inc("qty", take))
                : combine(inc("carted.$.qty", -take), inc("qty", take));
        return inventory.updateOne(filter, update).getModifiedCount() == 1;
    }
}

package com.example.shop.cart.inventory;

import static com.example.shop.cart.StoredFields.number;
import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.push;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartMetrics;
import com.example.shop.cart.CartMetrics.Refusal;
import com.example.shop.cart.CartMetrics.Return;
import com.example.shop.cart.CartProblems;
import com.example.shop.web.concurrency.Attempts;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.result.UpdateResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jboss.logging.Logger;

/**
 * Every change of a reservation ({@code inventory.carted}) is here: the carts feature reserves,
 * returns and sells stock through these methods only. Each method is a single atomic update of one
 * inventory document that moves units between {@code qty} (available), a carted entry and
 * {@code sold}, so each update on its own keeps {@code stocked = qty + Σ carted.qty + sold}. There
 * is at most one carted entry per (sku, cart); its {@code qty} is the cart's whole reservation of
 * that sku.
 * <p>
 * Units leave an entry only through a compare-and-set on the entry's exact {@code qty} (the filter
 * requires the entry with that quantity to be present), so two processes acting on the same
 * observation cannot both succeed: a reservation is never returned (or sold) twice. A lost race is
 * tried again on a fresh read ({@link Attempts}).
 */
@ApplicationScoped
public class Reservations {

    private static final Logger LOG = Logger.getLogger(Reservations.class);

    private final MongoCollection<Document> inventory;
    private final CartMetrics metrics;
    private final Attempts attempts;
    private final int maxHolders;

    public Reservations(InventoryStore store, CartMetrics metrics, CartConfig config, Attempts attempts) {
        this.inventory = store.inventory();
        this.metrics = metrics;
        this.attempts = attempts;
        this.maxHolders = config.limits().maxHoldersPerSku();
    }

    /**
     * Takes {@code units} from available stock into the cart's entry (created if absent), guarded by
     * {@code qty >= units}. Throws insufficient-inventory when the stock is short, and
     * too-many-holders when the sku already has {@code cart.limits.max-holders-per-sku} entries.
     *
     * <p>{@code entryExpected} is what the caller read: whether the cart already has a line of this
     * sku, and so (normally) an entry. The update that fits is tried first, so the usual add costs one
     * command; the other is tried when the guess was wrong (a crash left an entry without a line, or
     * expiry took it).
     */
    public void reserve(String sku, String cartId, int units, boolean entryExpected) {
        attempts.untilDone(() -> {
            Date now = new Date();
            if (entryExpected ? growEntry(sku, cartId, units, now) || pushEntry(sku, cartId, units, now)
                    : pushEntry(sku, cartId, units, now) || growEntry(sku, cartId, units, now)) {
                metrics.reserved(units);
                return Optional.of(units);
            }
            Document doc = inventory.find(eq("_id", sku)).first();
            long available = StoredStock.available(doc);
            if (available < units) {
                throw CartProblems.insufficientInventory(sku, available, units);
            }
            if (StoredStock.entries(doc).size() >= maxHolders && StoredStock.entry(doc, cartId) == null) {
                metrics.refused(Refusal.TOO_MANY_HOLDERS);
                throw CartProblems.tooManyHolders(sku, maxHolders);
            }
            // the entry appeared or disappeared between the two updates: try again
            return Optional.empty();
        });
    }

    /** Adds to the cart's existing entry. */
    private boolean growEntry(String sku, String cartId, int units, Date now) {
        return inventory.updateOne(
                and(eq("_id", sku), gte("qty", units), eq("carted.cart_id", cartId)),
                combine(inc("qty", -units), inc("carted.$.qty", units), set("carted.$.timestamp", now))).getModifiedCount() == 1;
    }

    /**
     * Creates the cart's entry, if it has none and the sku has room for another holder: the entry at
     * index {@code maxHolders - 1} must not exist, which keeps the document far below MongoDB's 16 MiB
     * limit however many carts want the sku.
     */
    private boolean pushEntry(String sku, String cartId, int units, Date now) {
        return inventory.updateOne(
                and(eq("_id", sku), gte("qty", units), ne("carted.cart_id", cartId), exists("carted." + (maxHolders - 1), false)),
                combine(inc("qty", -units),
                        push("carted", new Document("cart_id", cartId).append("qty", units).append("timestamp", now))))
                .getModifiedCount() == 1;
    }

    /**
     * Returns up to {@code units} of the cart's reservation of {@code sku} to available stock (the
     * whole entry is pulled when it holds exactly that many). Returns how many units were returned;
     * 0 when the cart holds no reservation (someone else already returned it).
     *
     * <p>{@code expectedHeld} is what the caller believes the entry holds (the cart line's quantity
     * before the change, which equals its entry while the two agree): the compare-and-set is tried
     * on it first, so the usual case costs one update; otherwise the entry is read and retried.
     */
    public long release(String sku, String cartId, long units, long expectedHeld, Return reason) {
        if (units > 0 && units <= expectedHeld
                && casReturn(sku, cartId, new Document("qty", expectedHeld), units, false)) {
            metrics.returned(reason, units);
            return units;
        }
        return release(sku, cartId, units, reason);
    }

    /** As {@link #release(String, String, long, long, Return)}, reading the entry first. */
    public long release(String sku, String cartId, long units, Return reason) {
        return attempts.untilDone(() -> {
            Document entry = entry(sku, cartId);
            if (entry == null || units <= 0) {
                return Optional.of(0L);
            }
            long held = number(entry, "qty");
            if (held < units) {
                LOG.warnf("Cart holds %d of %s, asked to return %d: returning what it holds", held, sku, units);
            }
            long take = Math.min(held, units);
            if (casReturn(sku, cartId, entry, take, false)) {
                metrics.returned(reason, take);
                return Optional.of(take);
            }
            return Optional.empty();
        });
    }

    /** Returns the whole reservation of the cart for this sku, however large it is now. */
    public long releaseAll(String sku, String cartId, Return reason) {
        return attempts.untilDone(() -> {
            Document entry = entry(sku, cartId);
            if (entry == null) {
                return Optional.of(0L);
            }
            long held = number(entry, "qty");
            if (casReturn(sku, cartId, entry, held, false)) {
                metrics.returned(reason, held);
                return Optional.of(held);
            }
            return Optional.empty();
        });
    }

    /**
     * Makes {@code units} of the cart's reservation permanent: the entry is pulled, {@code units}
     * counted as sold and any excess returned to available stock, in one update guarded on the
     * entry's exact quantity. Returns the units sold, 0 if the cart holds no entry any more. The
     * entry is expected to hold exactly {@code units} (the line's quantity), which is tried first.
     */
    public long sell(String sku, String cartId, long units) {
        if (sellObserved(sku, cartId, units, units)) {
            return units;
        }
        return attempts.untilDone(() -> {
            Document entry = entry(sku, cartId);
            if (entry == null) {
                return Optional.of(0L);
            }
            long held = number(entry, "qty");
            long sold = Math.min(held, units);
            if (held < units) {
                LOG.errorf("Cart %s… holds only %d of %s but sells %d", cartId.substring(0, 6), held, sku, units);
            }
            return sellObserved(sku, cartId, held, sold) ? Optional.of(sold) : Optional.empty();
        });
    }

    /** Pulls the entry if it holds exactly {@code held}: {@code sold} of it sold, the rest returned. */
    private boolean sellObserved(String sku, String cartId, long held, long sold) {
        UpdateResult result = inventory.updateOne(
                and(eq("_id", sku), elemMatch("carted", and(eq("cart_id", cartId), eq("qty", held)))),
                combine(pull("carted", new Document("cart_id", cartId)), inc("qty", held - sold), inc("sold", sold)));
        if (result.getModifiedCount() == 1) {
            metrics.sold(sold);
            metrics.returned(Return.CHECKOUT_EXCESS, held - sold);
            return true;
        }
        return false;
    }

    /** The skus in which the cart holds a reservation (one query, on the carted.cart_id index). */
    public List<String> skusHeldBy(String cartId) {
        return inventory.find(eq("carted.cart_id", cartId)).projection(include("_id"))
                .map(doc -> doc.getString("_id")).into(new ArrayList<>());
    }

    /**
     * Returns the whole reservations of these carts (a batch of expiring carts): one query finds
     * their entries (on the {@code carted.cart_id} index); per sku, all of them are pulled and added
     * back to {@code qty} in one update guarded on every entry being exactly as read. If any of them
     * changed meanwhile (an add racing the expiry lock, another replica), that sku's entries are
     * returned one by one, each update guarded on the entry's exact quantity. Returns the units
     * returned; round trips grow with the number of skus, not with the number of carts.
     */
    public long returnAllHeldBy(Collection<String> cartIds, Return reason) {
        Set<String> carts = new HashSet<>(cartIds);
        long units = 0;
        for (Document doc : inventory.find(in("carted.cart_id", cartIds))) {
            String sku = doc.getString("_id");
            List<Document> entries = new ArrayList<>();
            for (Document entry : StoredStock.entries(doc)) {
                if (carts.contains(entry.getString("cart_id"))) {
                    entries.add(entry);
                }
            }
            if (returnEntries(sku, entries, reason)) {
                units += entries.stream().mapToLong(entry -> number(entry, "qty")).sum();
                continue;
            }
            for (Document entry : entries) {
                units += releaseObserved(sku, entry.getString("cart_id"), entry, reason);
            }
        }
        return units;
    }

    /**
     * Returns several carts' whole entries of one sku in one update: every entry must still be
     * exactly as observed (the same cart and qty), else nothing happens and false is answered (the
     * caller then returns them one by one).
     */
    private boolean returnEntries(String sku, List<Document> observed, Return reason) {
        if (observed.isEmpty()) {
            return true;
        }
        List<Bson> unchanged = new ArrayList<>(observed.size() + 1);
        unchanged.add(eq("_id", sku));
        List<String> cartIds = new ArrayList<>(observed.size());
        long units = 0;
        for (Document entry : observed) {
            String cartId = entry.getString("cart_id");
            unchanged.add(elemMatch("carted", and(eq("cart_id", cartId), eq("qty", entry.get("qty")))));
            cartIds.add(cartId);
            units += number(entry, "qty");
        }
        boolean done = inventory.updateOne(and(unchanged),
                combine(pull("carted", new Document("cart_id", new Document("$in", cartIds))), inc("qty", units)))
                .getModifiedCount() == 1;
        if (done) {
            metrics.returned(reason, units);
        }
        return done;
    }

    /**
     * Returns the whole of an entry as it was just read: one guarded update when nothing changed
     * it meanwhile (the common case, no re-read), else whatever the cart holds now, re-reading
     * as {@link #releaseAll} does.
     */
    private long releaseObserved(String sku, String cartId, Document observed, Return reason) {
        long held = number(observed, "qty");
        if (casReturn(sku, cartId, observed, held, false)) {
            metrics.returned(reason, held);
            return held;
        }
        return releaseAll(sku, cartId, reason);
    }

    /**
     * Returns {@code units} of an observed entry if it is still exactly as observed, quantity and
     * timestamp (cleanup: an entry reserved again since it was read is left alone).
     */
    boolean returnUntouchedEntry(String sku, String cartId, Document observed, long units, Return reason) {
        boolean done = casReturn(sku, cartId, observed, units, true);
        if (done) {
            metrics.returned(reason, units);
        }
        return done;
    }

    /** The cart's carted entry of this sku, or null. */
    private Document entry(String sku, String cartId) {
        return StoredStock.entry(inventory.find(eq("_id", sku)).first(), cartId);
    }

    /**
     * The one way units go back to available stock: {@code take} units leave the entry (pulled
     * when it empties) and are added to {@code qty}, only if the entry still holds exactly what
     * was observed (and, with {@code exactTimestamp}, was not touched since).
     */
    private boolean casReturn(String sku, String cartId, Document observed, long take, boolean exactTimestamp) {
        long held = number(observed, "qty");
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

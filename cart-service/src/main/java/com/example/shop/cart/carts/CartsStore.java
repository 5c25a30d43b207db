package com.example.shop.cart.carts;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.elemMatch;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.min;
import static com.mongodb.client.model.Updates.pull;
import static com.mongodb.client.model.Updates.push;
import static com.mongodb.client.model.Updates.set;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReturnDocument;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.function.Consumer;
import org.bson.conversions.Bson;

/**
 * The carts feature's collection, {@code cart}, read and written as {@link StoredCart}s: every query
 * of a cart is a method here, its filter and update built from the record's field names. Only this
 * feature's use cases call it; other features reach carts through them ({@link ExpireCarts},
 * {@link CartClaims}, ...). A write after the insert is guarded (status, a line's quantity, the
 * version, an attempt's state) so that the loser of a race matches nothing.
 */
@Singleton
public record CartsStore(MongoCollection<StoredCart> carts) implements FeatureIndexes {

    private static final String CARTS = "cart";

    /** Carts by status and last change: the expiry and the stalled checkouts query by them. */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(CARTS, Indexes.ascending(StoredCart.STATUS, StoredCart.LAST_MODIFIED),
                    new IndexOptions().name("status_last_modified")));

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public CartsStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, CARTS, new StoredCartCodec()));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** What the expiry's locks select: active carts idle since before {@code idleBefore}, or holding stock since before {@code heldBefore}. */
    record ExpiryCutoffs(Date idleBefore, Date heldBefore) {

        /** Idle, with lines (an empty cart has nothing to return and is deleted after its own retention). */
        Bson idle() {
            return and(inStatus(CartStatus.ACTIVE), lt(StoredCart.LAST_MODIFIED, idleBefore), exists(StoredCart.FIRST_ITEM));
        }

        Bson heldTooLong() {
            return and(inStatus(CartStatus.ACTIVE), lt(StoredCart.HELD_SINCE, heldBefore));
        }
    }

    /** Which carts holding nothing are deleted: expired before, empty and untouched since before, complete and settled before (null: kept). */
    record RetentionCutoffs(Date expiredBefore, Date emptyBefore, Date completeBefore) {

        Bson spent() {
            List<Bson> spent = new ArrayList<>(List.of(
                    and(inStatus(CartStatus.EXPIRED), lt(StoredCart.LAST_MODIFIED, expiredBefore)),
                    and(inStatus(CartStatus.ACTIVE), size(StoredCart.ITEMS, 0), lt(StoredCart.LAST_MODIFIED, emptyBefore))));
            if (completeBefore != null) {
                spent.add(and(inStatus(CartStatus.COMPLETE), eq(StoredCart.SETTLED, true), lt(StoredCart.LAST_MODIFIED, completeBefore)));
            }
            return or(spent);
        }
    }

    /** The cart with this id, or null. */
    StoredCart find(String cartId) {
        return carts.find(withId(cartId)).first();
    }

    void insert(StoredCart cart) {
        carts.insertOne(cart);
    }

    /**
     * Adds {@code qty} to the active cart's line of the sku if it holds at most {@code maxLine - qty}
     * (and the cart is at {@code version}, unless null); the cart as written, or null when no such
     * line (or the cart is not active, or changed).
     */
    StoredCart growLine(String cartId, String sku, int qty, int maxLine, Long version, Date now) {
        return carts.findOneAndUpdate(
                atVersion(and(withId(cartId), inStatus(CartStatus.ACTIVE),
                        elemMatch(StoredCart.ITEMS, and(eq(StoredCart.Item.SKU, sku), lte(StoredCart.Item.QTY, maxLine - qty)))), version),
                combine(inc(StoredCart.MATCHED_ITEM_QTY, qty), touched(now)), AFTER);
    }

    /**
     * Pushes a line into the active cart if it has none of that sku ({@code items.sku: {$ne}}, so two
     * adds never make two lines) and is at {@code version} (unless null); {@code held_since} keeps the
     * earliest reservation ({@code $min}). The cart as written, or null.
     */
    StoredCart pushLine(String cartId, StoredCart.Item line, Long version, Date now) {
        return carts.findOneAndUpdate(
                atVersion(and(withId(cartId), inStatus(CartStatus.ACTIVE), ne(StoredCart.ITEM_SKU, line.sku())), version),
                combine(push(StoredCart.ITEMS, StoredCartCodec.item(line)), touched(now), min(StoredCart.HELD_SINCE, now)), AFTER);
    }

    /**
     * Sets the line's qty if the cart is active, the line holds {@code observed} and the cart is at
     * {@code version} (unless null); the cart as written, or null.
     */
    StoredCart setLine(String cartId, String sku, int observed, int qty, Long version, Date now) {
        return carts.findOneAndUpdate(atVersion(lineAt(cartId, sku, observed), version),
                combine(set(StoredCart.MATCHED_ITEM_QTY, qty), touched(now)), AFTER);
    }

    /** Removes the line if the cart is active and the line holds {@code observed}; the cart as written, or null. */
    StoredCart removeLine(String cartId, String sku, int observed, Date now) {
        return carts.findOneAndUpdate(lineAt(cartId, sku, observed),
                combine(pull(StoredCart.ITEMS, eq(StoredCart.Item.SKU, sku)), touched(now)), AFTER);
    }

    /**
     * Active → pending with the new attempt, if the cart is still at {@code version} (so the amount is
     * that of exactly the lines read) and the attempt's key is unused; true when locked.
     */
    boolean lockForCheckout(String cartId, long version, StoredCart.Attempt attempt, Date now) {
        return carts.updateOne(
                and(withId(cartId), inStatus(CartStatus.ACTIVE), eq(StoredCart.VERSION, version), ne(StoredCart.ATTEMPT_KEY, attempt.key())),
                combine(set(StoredCart.STATUS, CartStatus.PENDING.wire()), touched(now),
                        push(StoredCart.CHECKOUTS, StoredCartCodec.attempt(attempt)))).getModifiedCount() == 1;
    }

    /** Pending → complete ({@code settled: false}), the attempt approved; the cart as written, or null when the attempt was not pending. */
    StoredCart approve(String cartId, String key, String chargeId, Date now) {
        return carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set(StoredCart.STATUS, CartStatus.COMPLETE.wire()), set(StoredCart.SETTLED, false),
                        set(StoredCart.MATCHED_ATTEMPT_STATE, CheckoutState.APPROVED.wire()),
                        set(StoredCart.MATCHED_ATTEMPT_CHARGE, chargeId), set(StoredCart.MATCHED_ATTEMPT_FINISHED, now), touched(now)),
                AFTER);
    }

    /** Pending → active, the attempt ended as {@code state}; the cart as written, or null when the attempt was not pending. */
    StoredCart release(String cartId, String key, CheckoutState state, String reason, Date now) {
        return carts.findOneAndUpdate(pendingAttempt(cartId, key),
                combine(set(StoredCart.STATUS, CartStatus.ACTIVE.wire()), set(StoredCart.MATCHED_ATTEMPT_STATE, state.wire()),
                        set(StoredCart.MATCHED_ATTEMPT_REASON, reason), set(StoredCart.MATCHED_ATTEMPT_FINISHED, now), touched(now)),
                AFTER);
    }

    /** Marks the cart's line of the sku sold. */
    void settleLine(String cartId, String sku) {
        carts.updateOne(and(withId(cartId), eq(StoredCart.ITEM_SKU, sku)), set(StoredCart.MATCHED_ITEM_SETTLED, true));
    }

    /** Marks a complete cart's sale finished; the cart as written, or null. */
    StoredCart settle(String cartId) {
        return carts.findOneAndUpdate(and(withId(cartId), inStatus(CartStatus.COMPLETE)), set(StoredCart.SETTLED, true), AFTER);
    }

    /**
     * One pass over the carts the expiry takes: those either lock selects and those already
     * expiring, each with its id, status, last change and the skus of its lines.
     */
    void forEachExpiryCandidate(ExpiryCutoffs cutoffs, Consumer<StoredCart> candidate) {
        carts.find(or(cutoffs.idle(), cutoffs.heldTooLong(), inStatus(CartStatus.EXPIRING)))
                .projection(include(StoredCart.ID, StoredCart.STATUS, StoredCart.LAST_MODIFIED, StoredCart.ITEM_SKU))
                .forEach(candidate);
    }

    /** Locks (active → expiring) the carts of {@code batch} still idle at the moment they are written; how many. */
    int lockIdle(List<String> batch, ExpiryCutoffs cutoffs, Date now) {
        return lock(batch, cutoffs.idle(), now);
    }

    /** Locks (active → expiring) the carts of {@code batch} that have held stock too long; how many. */
    int lockHeldTooLong(List<String> batch, ExpiryCutoffs cutoffs, Date now) {
        return lock(batch, cutoffs.heldTooLong(), now);
    }

    private int lock(List<String> batch, Bson filter, Date now) {
        return (int) carts.updateMany(and(in(StoredCart.ID, batch), filter),
                combine(set(StoredCart.STATUS, CartStatus.EXPIRING.wire()), touched(now))).getModifiedCount();
    }

    /** The carts of {@code ids} that are expiring now, each with its id and the skus of its lines. */
    List<StoredCart> expiring(List<String> ids) {
        return carts.find(and(in(StoredCart.ID, ids), inStatus(CartStatus.EXPIRING)))
                .projection(include(StoredCart.ID, StoredCart.ITEM_SKU)).into(new ArrayList<>());
    }

    /** Expiring → expired for these carts; how many (each counted by the one writer that matched). */
    long markExpired(List<String> ids, Date now) {
        return carts.updateMany(and(in(StoredCart.ID, ids), inStatus(CartStatus.EXPIRING)),
                combine(set(StoredCart.STATUS, CartStatus.EXPIRED.wire()), touched(now))).getModifiedCount();
    }

    /** The ids of the carts that hold nothing and whose retention is over, in one pass. */
    List<String> spent(RetentionCutoffs cutoffs) {
        List<String> ids = new ArrayList<>();
        carts.find(cutoffs.spent()).projection(include(StoredCart.ID)).forEach(cart -> ids.add(cart.id()));
        return ids;
    }

    /** Deletes the carts of {@code batch} that are still spent; how many. */
    long deleteSpent(List<String> batch, RetentionCutoffs cutoffs) {
        return carts.deleteMany(and(in(StoredCart.ID, batch), cutoffs.spent())).getDeletedCount();
    }

    /** Carts pending since before {@code cutoff}: their checkout's request died or its payment's answer never came. */
    List<StoredCart> stalledCheckouts(Date cutoff) {
        return carts.find(and(inStatus(CartStatus.PENDING), lt(StoredCart.LAST_MODIFIED, cutoff))).into(new ArrayList<>());
    }

    /** Carts complete since before {@code cutoff} whose sale is not finished (a crash after completing). */
    List<StoredCart> unsettledSales(Date cutoff) {
        return carts.find(and(inStatus(CartStatus.COMPLETE), eq(StoredCart.SETTLED, false), lt(StoredCart.LAST_MODIFIED, cutoff)))
                .into(new ArrayList<>());
    }

    /** {@code {_id: cartId}} */
    private static Bson withId(String cartId) {
        return eq(StoredCart.ID, cartId);
    }

    /** {@code {status: <status>}} */
    private static Bson inStatus(CartStatus status) {
        return eq(StoredCart.STATUS, status.wire());
    }

    /** The cart active, its line of the sku holding {@code observed} units. */
    private static Bson lineAt(String cartId, String sku, int observed) {
        return and(withId(cartId), inStatus(CartStatus.ACTIVE),
                elemMatch(StoredCart.ITEMS, and(eq(StoredCart.Item.SKU, sku), eq(StoredCart.Item.QTY, observed))));
    }

    /**
     * The filter, and the cart at {@code version} when one is given: a line under a per-product limit
     * is written only if no other line changed since the cart was read (LineLimits).
     */
    private static Bson atVersion(Bson filter, Long version) {
        return version == null ? filter : and(filter, eq(StoredCart.VERSION, version));
    }

    /** The attempt under {@code key} pending in a pending cart: the guard of both ends of a checkout. */
    private static Bson pendingAttempt(String cartId, String key) {
        return and(withId(cartId), inStatus(CartStatus.PENDING),
                elemMatch(StoredCart.CHECKOUTS, and(eq(StoredCart.Attempt.KEY, key), eq(StoredCart.Attempt.STATE, CheckoutState.PENDING.wire()))));
    }

    /** What every write to a cart after its insert does: the time of the change and the next version. */
    private static Bson touched(Date now) {
        return combine(set(StoredCart.LAST_MODIFIED, now), inc(StoredCart.VERSION, 1L));
    }
}

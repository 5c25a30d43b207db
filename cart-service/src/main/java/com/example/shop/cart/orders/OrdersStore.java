package com.example.shop.cart.orders;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.empty;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.lt;
import static com.mongodb.client.model.Filters.lte;
import static com.mongodb.client.model.Filters.ne;
import static com.mongodb.client.model.Filters.or;
import static com.mongodb.client.model.Filters.size;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.addToSet;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.push;
import static com.mongodb.client.model.Updates.pushEach;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.example.shop.web.leases.LeaseStore;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.PushOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.function.Consumer;
import org.bson.conversions.Bson;

/**
 * The orders feature's collections: {@code orders} ({@link StoredOrder}) and the counter of order
 * numbers in {@code counters} ({@link StoredCounter}). Every query of an order is a method here. A
 * write after the insert is guarded by the order's status (or what it already recorded), so that the
 * loser of a race matches nothing; the worker finishing a cancel holds a lease on the order
 * ({@link #takeFinishing}).
 */
@Singleton
public record OrdersStore(MongoCollection<StoredOrder> orders, MongoCollection<StoredCounter> counters, LeaseStore finishers)
        implements FeatureIndexes {

    private static final String ORDERS = "orders";
    private static final String COUNTERS = "counters";
    /** The counter of order numbers: one per shop, which this database serves. */
    private static final String ORDER_NUMBER = "order-number";
    /** The first order's number: numbers are this plus the counter's value less one. */
    static final long FIRST_NUMBER = 100_001;
    /** The token hashes an order keeps: the last answers' (a replay of the checkout issues another). */
    static final int KEPT_TOKENS = 10;

    /** An order by its number; the admin list newest first, and by status or sku (the filters it takes). */
    static final List<RequiredIndex> INDEXES = List.of(
            RequiredIndex.on(ORDERS, Indexes.ascending(StoredOrder.NUMBER), new IndexOptions().name("number").unique(true)),
            RequiredIndex.on(ORDERS, Indexes.descending(StoredOrder.PLACED_AT, StoredOrder.NUMBER), new IndexOptions().name("newest")),
            RequiredIndex.on(ORDERS, Indexes.compoundIndex(Indexes.ascending(StoredOrder.STATUS),
                    Indexes.descending(StoredOrder.PLACED_AT, StoredOrder.NUMBER)), new IndexOptions().name("status_newest")),
            RequiredIndex.on(ORDERS, Indexes.compoundIndex(Indexes.ascending(StoredOrder.LINE_SKU),
                    Indexes.descending(StoredOrder.PLACED_AT, StoredOrder.NUMBER)), new IndexOptions().name("sku_newest")),
            // the few orders whose webhook events a dead request left unwritten (the field is absent on the rest)
            RequiredIndex.on(ORDERS, Indexes.ascending(StoredOrder.UNANNOUNCED), new IndexOptions().name("unannounced")));

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER);
    private static final Bson NEWEST_FIRST = Sorts.descending(StoredOrder.PLACED_AT, StoredOrder.NUMBER);
    /** As much of an order as the sales summary counts. */
    private static final Bson SOLD = include(StoredOrder.PLACED_AT, StoredOrder.CURRENCY, StoredOrder.TOTAL_UNITS,
            StoredOrder.TOTAL_AMOUNT, StoredOrder.LINES);

    /** The service's database, or any other: tests run a second "replica" on a client of their own. */
    @Inject
    public OrdersStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, ORDERS, new StoredOrderCodec()),
                ServiceDatabase.collection(database, COUNTERS, new StoredCounterCodec()));
    }

    private OrdersStore(MongoCollection<StoredOrder> orders, MongoCollection<StoredCounter> counters) {
        this(orders, counters, LeaseStore.onDocuments(orders));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** The order with this id, or null. */
    StoredOrder find(String id) {
        return orders.find(withId(id)).first();
    }

    /** The order with this number, or null. */
    StoredOrder withNumber(long number) {
        return orders.find(eq(StoredOrder.NUMBER, number)).first();
    }

    /** The next order number: the counter moved by one ({@code $inc}, made at its first use). */
    long nextNumber() {
        for (int round = 0; ; round++) {
            try {
                StoredCounter counter = counters.findOneAndUpdate(eq(StoredCounter.ID, ORDER_NUMBER), inc(StoredCounter.SEQ, 1L),
                        new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER));
                return FIRST_NUMBER - 1 + counter.seq();
            } catch (MongoCommandException | MongoWriteException e) {
                // two first uses at once: one inserted the counter, the other's upsert met it; once more moves it
                if (round > 0 || ErrorCategory.fromErrorCode(e.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
            }
        }
    }

    /** Inserts the order; false when one with its id is there already (another worker made it first). */
    boolean insert(StoredOrder order) {
        try {
            orders.insertOne(order);
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            return false;
        }
    }

    /** Keeps the hash of one more token of the order (the last {@value #KEPT_TOKENS}); the order as written, or null. */
    StoredOrder addToken(String id, String hash) {
        return orders.findOneAndUpdate(withId(id), pushEach(StoredOrder.TOKEN_HASHES, List.of(hash), new PushOptions().slice(-KEPT_TOKENS)),
                AFTER);
    }

    /**
     * Placed → cancelled ({@code settled: false}), with the history entry, leased to {@code holder} for
     * {@code term} in the same update, so that it alone gives the units back; the order as written,
     * or null when it was not placed.
     */
    StoredOrder cancel(String id, String holder, Duration term, Instant now) {
        return orders.findOneAndUpdate(and(withId(id), inStatus(OrderStatus.PLACED)),
                combine(set(StoredOrder.STATUS, OrderStatus.CANCELLED.wire()), set(StoredOrder.SETTLED, false), set(StoredOrder.UNANNOUNCED, true),
                        push(StoredOrder.HISTORY, StoredOrderCodec.change(new StoredOrder.Change(OrderStatus.CANCELLED, now))),
                        set(LeaseStore.HOLDER, holder), set(LeaseStore.EXPIRES_AT, Date.from(now.plus(term)))), AFTER);
    }

    /** Leases the order to {@code holder} for {@code term} to finish its cancel, if no other worker's lease on it runs; true when it did. */
    boolean takeFinishing(String id, String holder, Duration term, Instant now) {
        return finishers.take(id, holder, term, now).isPresent();
    }

    /** Gives up {@code holder}'s lease on finishing the order's cancel. */
    void releaseFinishing(String id, String holder) {
        finishers.release(id, holder);
    }

    /** Placed → fulfilled, with the history entry; the order as written, or null when it was not placed. */
    StoredOrder fulfil(String id, Instant now) {
        return orders.findOneAndUpdate(and(withId(id), inStatus(OrderStatus.PLACED)),
                combine(set(StoredOrder.STATUS, OrderStatus.FULFILLED.wire()), set(StoredOrder.UNANNOUNCED, true),
                        push(StoredOrder.HISTORY, StoredOrderCodec.change(new StoredOrder.Change(OrderStatus.FULFILLED, now)))), AFTER);
    }

    /** Orders whose webhook events are not all in the outbox, {@code limit} at most. */
    List<StoredOrder> unannounced(int limit) {
        return orders.find(eq(StoredOrder.UNANNOUNCED, true)).limit(limit).into(new ArrayList<>());
    }

    /**
     * The events of the order's first {@code changes} history entries are in the outbox: its mark
     * goes, unless a later change (another entry) came meanwhile, whose own writer announces it.
     */
    void announced(String id, int changes) {
        orders.updateOne(and(withId(id), size(StoredOrder.HISTORY, changes)), unset(StoredOrder.UNANNOUNCED));
    }

    /** Records that the units of the order's line of the sku are back in available stock. */
    void recordReturn(String id, String sku) {
        orders.updateOne(withId(id), addToSet(StoredOrder.RETURNED, sku));
    }

    /** Whether the order recorded the return of its line of the sku. */
    boolean returnRecorded(String id, String sku) {
        return orders.find(and(withId(id), eq(StoredOrder.RETURNED, sku))).projection(include(StoredOrder.ID)).first() != null;
    }

    /** Records the gateway's answer to the refund, unless one is recorded already. */
    void recordRefund(String id, StoredOrder.Refund refund) {
        orders.updateOne(and(withId(id), eq(StoredOrder.REFUND, null)), set(StoredOrder.REFUND, StoredOrderCodec.refund(refund)));
    }

    /** Marks a cancelled order's units returned and its refund answered; the order as written, or null. */
    StoredOrder settle(String id) {
        return orders.findOneAndUpdate(and(withId(id), inStatus(OrderStatus.CANCELLED)), set(StoredOrder.SETTLED, true), AFTER);
    }

    /** Cancelled orders whose units or refund a cancel left unfinished, {@code limit} at most. */
    List<StoredOrder> unsettledCancels(int limit) {
        return orders.find(and(inStatus(OrderStatus.CANCELLED), eq(StoredOrder.SETTLED, false))).limit(limit).into(new ArrayList<>());
    }

    /** Up to {@code limit} orders the filter selects, newest first, after {@code after} (from the newest when null). */
    List<StoredOrder> newest(OrderFilter filter, OrderCursor after, int limit) {
        Bson selected = after == null ? selecting(filter) : and(selecting(filter), following(after));
        return orders.find(selected).sort(NEWEST_FIRST).limit(limit).into(new ArrayList<>());
    }

    /** Each order placed in {@code [from, to)} and not cancelled, with what a sales summary counts, in one pass. */
    void forEachSold(Instant from, Instant to, Consumer<StoredOrder> each) {
        orders.find(and(gte(StoredOrder.PLACED_AT, Date.from(from)), lt(StoredOrder.PLACED_AT, Date.from(to)),
                ne(StoredOrder.STATUS, OrderStatus.CANCELLED.wire()))).projection(SOLD).forEach(each);
    }

    /** The orders the filter selects: each of its values compared as a value, never read as an operator. */
    private static Bson selecting(OrderFilter filter) {
        List<Bson> all = new ArrayList<>();
        if (filter.status() != null) {
            all.add(inStatus(filter.status()));
        }
        if (filter.from() != null) {
            all.add(gte(StoredOrder.PLACED_AT, Date.from(filter.from())));
        }
        if (filter.to() != null) {
            all.add(lt(StoredOrder.PLACED_AT, Date.from(filter.to())));
        }
        if (filter.sku() != null) {
            all.add(eq(StoredOrder.LINE_SKU, filter.sku()));
        }
        return all.isEmpty() ? empty() : and(all);
    }

    /**
     * The orders after the cursor's, newest first: placed earlier, or at the same moment with a lower
     * number. The leading bound says the same as the {@code $or}, but as a range an index walk can start from.
     */
    private static Bson following(OrderCursor cursor) {
        Date at = Date.from(cursor.placedAt());
        return and(lte(StoredOrder.PLACED_AT, at),
                or(lt(StoredOrder.PLACED_AT, at), and(eq(StoredOrder.PLACED_AT, at), lt(StoredOrder.NUMBER, cursor.number()))));
    }

    private static Bson withId(String id) {
        return eq(StoredOrder.ID, id);
    }

    private static Bson inStatus(OrderStatus status) {
        return eq(StoredOrder.STATUS, status.wire());
    }
}

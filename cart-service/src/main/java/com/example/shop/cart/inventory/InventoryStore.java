package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.exists;
import static com.mongodb.client.model.Filters.gt;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Projections.exclude;
import static com.mongodb.client.model.Projections.include;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;
import static com.mongodb.client.model.Updates.unset;

import com.example.shop.web.bulk.PagedScan;
import com.example.shop.web.database.FeatureIndexes;
import com.example.shop.web.database.RequiredIndex;
import com.example.shop.web.database.ServiceDatabase;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.WriteModel;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * The collection of record for stock, {@code inventory}: one small document per sku
 * ({@link StoredStock}), whatever the number of carts holding it. Every query of a stock document is
 * a method here: the steps of a unit move (written as
 * {@link ServiceDatabase#STEPS}: a crash of the database loses the last writes of a move, never one in
 * its middle, which leaves more reserved than claimed, as a crash of this service does; the cart itself
 * is written with the default concern, so what a shopper is answered is on disk), the admin's changes, the
 * stock import's batches, the views, and the reads of availability. Only the inventory feature
 * reads or writes it; the carts feature moves stock through {@link Reservations}.
 */
@Singleton
public record InventoryStore(MongoCollection<StoredStock> stock, MongoCollection<StoredStock> steps,
                             MongoCollection<FirstModelStock> firstModel) implements FeatureIndexes {

    /** The collection of record for stock, one document per sku. */
    private static final String INVENTORY = "inventory";

    static final List<RequiredIndex> INDEXES = List.of(
            // the stock overview: least available and most held first (a scan on the embedded server)
            RequiredIndex.on(INVENTORY, Indexes.ascending(StoredStock.AVAILABLE), new IndexOptions().name("available")),
            RequiredIndex.on(INVENTORY, Indexes.descending(StoredStock.RESERVED), new IndexOptions().name("reserved")));

    private static final StoredStockCodec CODEC = new StoredStockCodec();
    private static final Bson AVAILABLE_ONLY = include(StoredStock.AVAILABLE);
    /** As much of a stock document as tells whether it is sold out, and at which revision. */
    private static final Bson AVAILABILITY = include(StoredStock.AVAILABLE, StoredStock.REV);
    private static final Bson WITHOUT_MARKS = exclude(MoveMarks.FIELD);
    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER)
            .projection(AVAILABILITY);
    private static final FindOneAndUpdateOptions UPSERT_AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER)
            .projection(AVAILABILITY).upsert(true);

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    @Inject
    public InventoryStore(MongoDatabase database) {
        this(ServiceDatabase.collection(database, INVENTORY, CODEC),
                ServiceDatabase.collection(database, INVENTORY, CODEC).withWriteConcern(ServiceDatabase.STEPS),
                ServiceDatabase.collection(database, INVENTORY, new FirstModelStockCodec()));
    }

    @Override
    public List<RequiredIndex> indexes() {
        return INDEXES;
    }

    /** The sku's stock document, or null. */
    StoredStock find(String sku) {
        return stock.find(bySku(sku)).first();
    }

    /** The sku's stock without its marks, or null. */
    StoredStock findWithoutMarks(String sku) {
        return stock.find(bySku(sku)).projection(WITHOUT_MARKS).first();
    }

    /** The units available now, from a read (0 when the sku has no stock). */
    long availableNow(String sku) {
        StoredStock found = stock.find(bySku(sku)).projection(AVAILABLE_ONLY).first();
        return found == null ? 0 : found.available();
    }

    /** These skus' stock, as much of it as tells availability and its {@code rev}. */
    List<StoredStock> availability(Collection<String> skus) {
        return stock.find(in(StoredStock.SKU, skus)).projection(AVAILABILITY).into(new ArrayList<>());
    }

    /**
     * The move's step available → reserved, guarded by {@code qty >= units} and the move's mark: the
     * stock as written (qty and rev), or null when it did not apply.
     */
    StoredStock take(String op, String sku, long units, Date now) {
        return steps.findOneAndUpdate(and(bySku(sku), gte(StoredStock.AVAILABLE, units), MoveMarks.unmarked(op)),
                combine(inc(StoredStock.AVAILABLE, -units), inc(StoredStock.RESERVED, units), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, now), MoveMarks.mark(op, units)), AFTER);
    }

    /**
     * The move's step reserved → available ({@code returned}, a new revision) and sold ({@code sold}),
     * guarded by its mark: the stock as written (qty and rev), or null when it did not apply.
     */
    StoredStock restoreAndGet(String op, String sku, long returned, long sold, Instant now) {
        List<Bson> updates = restoring(op, returned, sold, now);
        updates.add(inc(StoredStock.REV, 1L));
        return steps.findOneAndUpdate(and(bySku(sku), MoveMarks.unmarked(op)), combine(updates), AFTER);
    }

    /** {@link #restoreAndGet} where {@code qty} does not move (a sale): true when it applied. */
    boolean restore(String op, String sku, long returned, long sold, Instant now) {
        return steps.updateOne(and(bySku(sku), MoveMarks.unmarked(op)), combine(restoring(op, returned, sold, now))).getMatchedCount() == 1;
    }

    private static List<Bson> restoring(String op, long returned, long sold, Instant now) {
        List<Bson> updates = new ArrayList<>(List.of(inc(StoredStock.AVAILABLE, returned), inc(StoredStock.RESERVED, -(returned + sold)),
                set(StoredStock.UPDATED, Date.from(now)), MoveMarks.mark(op, returned + sold)));
        if (sold > 0) {
            updates.add(inc(StoredStock.SOLD, sold));
            updates.add(SalesSlots.recordSale(sold, now));
        }
        return updates;
    }

    /**
     * The step of a return: {@code units} sold → available (a new revision), guarded by
     * {@code sold >= units} and the move's mark: the stock as written (qty and rev), or null when it
     * did not apply. {@code stocked} does not move, and the sales slots keep the sale they counted.
     */
    StoredStock unsell(String op, String sku, long units, Date now) {
        return steps.findOneAndUpdate(and(bySku(sku), gte(StoredStock.SOLD, units), MoveMarks.unmarked(op)),
                combine(inc(StoredStock.AVAILABLE, units), inc(StoredStock.SOLD, -units), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, now), MoveMarks.mark(op, units)), AFTER);
    }

    /** The step reserved → available for many skus at once, in one unordered bulk write of guarded, marking updates. */
    void restoreAll(String op, Map<String, Long> returnedBySku, Date now) {
        List<WriteModel<StoredStock>> updates = new ArrayList<>(returnedBySku.size());
        returnedBySku.forEach((sku, units) -> updates.add(new UpdateOneModel<>(and(bySku(sku), MoveMarks.unmarked(op)),
                combine(inc(StoredStock.AVAILABLE, units), inc(StoredStock.RESERVED, -units), set(StoredStock.UPDATED, now),
                        MoveMarks.mark(op, units), inc(StoredStock.REV, 1L)))));
        steps.bulkWrite(updates, new BulkWriteOptions().ordered(false));
    }

    /** Removes these moves' marks from the skus' documents (settling), one unordered bulk write. */
    void unmark(Map<String, Set<String>> opsBySku) {
        if (opsBySku.isEmpty()) {
            return;
        }
        List<WriteModel<StoredStock>> updates = new ArrayList<>(opsBySku.size());
        opsBySku.forEach((sku, ops) -> updates.add(new UpdateOneModel<>(bySku(sku), MoveMarks.unmark(ops))));
        steps.bulkWrite(updates, new BulkWriteOptions().ordered(false));
    }

    /** Inserts a new sku's stock; false when the sku has stock already (created concurrently). */
    boolean insert(StoredStock created) {
        try {
            stock.insertOne(created);
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            return false;
        }
    }

    /**
     * Sets the available units, if they are still {@code observed}, moving {@code stocked} by the same
     * difference: the stock as written (qty and rev), or null when it changed meanwhile.
     */
    StoredStock setAvailable(String sku, long observed, int qty, Date now) {
        return stock.findOneAndUpdate(and(bySku(sku), eq(StoredStock.AVAILABLE, observed)),
                combine(set(StoredStock.AVAILABLE, qty), inc(StoredStock.STOCKED, (long) qty - observed), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, now)), AFTER);
    }

    /** Adds {@code qty} to available and stocked at once (the sku created if absent): the stock as written (qty and rev). */
    StoredStock restock(String sku, int qty, Date now) {
        return stock.findOneAndUpdate(bySku(sku),
                combine(inc(StoredStock.AVAILABLE, qty), inc(StoredStock.STOCKED, (long) qty), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, now), setOnInsert(StoredStock.RESERVED, 0L), setOnInsert(StoredStock.SOLD, 0L)),
                UPSERT_AFTER);
    }

    /** A level a stock import sets: a new sku's ({@code observed} null) or a change from {@code observed}. */
    record Level(String sku, int qty, Long observed) {
    }

    /** What the bulk write of a batch of levels did: the updates that matched, and the inserts refused (sku created meanwhile), by index. */
    record LevelsWritten(int matched, Set<Integer> insertsRefused) {
    }

    /** The available units of these skus, by sku (absent: no stock). */
    Map<String, Long> levels(Collection<String> skus) {
        Map<String, Long> levels = new HashMap<>();
        stock.find(in(StoredStock.SKU, skus)).projection(AVAILABLE_ONLY).forEach(found -> levels.put(found.sku(), found.available()));
        return levels;
    }

    /**
     * Writes a batch of levels in one unordered bulk write: each new sku inserted, each other a
     * compare-and-set on its observed {@code qty} that moves {@code stocked} by the same difference.
     */
    LevelsWritten setLevels(List<Level> levels, Date now) {
        List<WriteModel<StoredStock>> writes = new ArrayList<>(levels.size());
        for (Level level : levels) {
            if (level.observed() == null) {
                writes.add(new InsertOneModel<>(StoredStock.created(level.sku(), level.qty(), now)));
            } else {
                long observed = level.observed();
                writes.add(new UpdateOneModel<>(and(bySku(level.sku()), eq(StoredStock.AVAILABLE, observed)),
                        combine(set(StoredStock.AVAILABLE, level.qty()), inc(StoredStock.STOCKED, (long) level.qty() - observed),
                                inc(StoredStock.REV, 1L), set(StoredStock.UPDATED, now))));
            }
        }
        Set<Integer> insertsRefused = new HashSet<>();
        BulkWriteResult result;
        try {
            result = stock.bulkWrite(writes, new BulkWriteOptions().ordered(false));
        } catch (MongoBulkWriteException e) {
            for (BulkWriteError error : e.getWriteErrors()) {
                if (error.getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
                insertsRefused.add(error.getIndex());
            }
            result = e.getWriteResult();
        }
        return new LevelsWritten(result.getMatchedCount(), insertsRefused);
    }

    /** Skus in order after {@code afterSku} (from the first when null), {@code limit} at most, without their marks. */
    List<StoredStock> inSkuOrder(String afterSku, int limit) {
        return stock.find(afterSku == null ? new Document() : gt(StoredStock.SKU, afterSku)).projection(WITHOUT_MARKS)
                .sort(Sorts.ascending(StoredStock.SKU)).limit(limit).into(new ArrayList<>());
    }

    /** Every sku's stock without its marks, in one pass. */
    void forEachStock(Consumer<StoredStock> each) {
        stock.find().projection(WITHOUT_MARKS).forEach(each);
    }

    /** A page of availability (qty and rev) in sku order after {@code afterSku} (from the first when null). */
    List<StoredStock> availabilityInSkuOrder(String afterSku, int limit) {
        return stock.find(afterSku == null ? new Document() : gt(StoredStock.SKU, afterSku))
                .sort(Sorts.ascending(StoredStock.SKU)).limit(limit).projection(AVAILABILITY).into(new ArrayList<>());
    }

    /** Every sku's available units as {@code line}s, lazily, in sku order, {@code pageSize} documents a read ({@link PagedScan}). */
    <T> Iterator<T> levelsInSkuOrder(int pageSize, Function<StoredStock, T> line) {
        return PagedScan.byId(stock.withDocumentClass(Document.class), AVAILABLE_ONLY, pageSize, doc -> line.apply(CODEC.fromDocument(doc)));
    }

    /** Each stock document still in the first model (its holders in {@code carted}). */
    void forEachInFirstModel(Consumer<FirstModelStock> each) {
        firstModel.find(exists(FirstModelStock.ARRAY, true)).forEach(each);
    }

    /** The last step of a conversion: {@code reserved} set and {@code carted} dropped, if it is still there. */
    void leaveFirstModel(String sku, long reserved) {
        stock.updateOne(and(bySku(sku), exists(FirstModelStock.ARRAY, true)),
                combine(set(StoredStock.RESERVED, reserved), unset(FirstModelStock.ARRAY)));
    }

    private static Bson bySku(String sku) {
        return eq(StoredStock.SKU, sku);
    }
}

package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.gte;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.max;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;

import com.example.shop.web.database.StoredFields;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.jboss.logging.Logger;

/**
 * The steps of a unit move, each one atomic update of one document, guarded by the move's mark
 * ({@link MoveMarks}) so that it applies at most once and can be repeated by the cleanup:
 * <ul>
 * <li>{@link #take}: available → reserved in the stock document (guarded by {@code qty >= units});</li>
 * <li>{@link #hold}: the units into the cart's reservation (created if absent);</li>
 * <li>{@link #unhold}: units out of the cart's reservation;</li>
 * <li>{@link #restore}: reserved → available and/or sold in the stock document ({@link #restoreAll}: for
 * many skus in one bulk write).</li>
 * </ul>
 * Each stock update keeps {@code stocked = qty + reserved + sold} on its own. None of them reads or
 * writes more than one small document, whatever the number of carts holding the sku. Whether a step
 * applied is read back from its mark ({@link #takenFromStock}, {@link #takenFromReservation}): that is
 * how the cleanup ({@link CleanupInventory}) finishes a move whose process died.
 */
@ApplicationScoped
public class UnitMoves {

    private static final Logger LOG = Logger.getLogger(UnitMoves.class);
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
    /** A stock update returns the document as written, as much of it as tells whether {@code qty} crossed zero. */
    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER)
            .projection(Projections.include(StoredStock.AVAILABLE, StoredStock.REV));
    /** Rounds of "read, then update guarded on what was read" before an unhold gives up on a busy reservation. */
    private static final int ROUNDS = 16;

    private final MongoCollection<Document> inventory;
    private final MongoCollection<Document> reservations;
    private final AvailabilityOutbox availability;

    public UnitMoves(InventoryStore store) {
        this.inventory = InventoryStore.forSteps(store.inventory());
        this.reservations = InventoryStore.forSteps(store.reservations());
        this.availability = new AvailabilityOutbox(store);
    }

    /**
     * The units available now, from a read (0 when the sku has no stock). Only a hint: the guarded
     * {@link #take} decides; a reservation reads it first so that a sold-out sku refuses without a write.
     */
    long availableNow(String sku) {
        Document stock = inventory.find(eq(StoredStock.SKU, sku)).projection(Projections.include(StoredStock.AVAILABLE)).first();
        return stock == null ? 0 : StoredFields.number(stock, StoredStock.AVAILABLE);
    }

    /** The units the move took from the sku's available stock ({@link #take}), if that step applied. */
    OptionalLong takenFromStock(Move move) {
        Document stock = inventory.find(eq(StoredStock.SKU, move.sku())).first();
        return stock == null ? OptionalLong.empty() : MoveMarks.marked(stock, move.op());
    }

    /** The units the move took out of the cart's reservation ({@link #unhold}), if that step applied. */
    OptionalLong takenFromReservation(Move move) {
        Document held = reservations.find(eq(StoredReservation.ID, move.reservation())).first();
        return held == null ? OptionalLong.empty() : MoveMarks.marked(held, move.op());
    }

    /** Per sku, the units the batch move took out of its reservations ({@link #unholdAll}), where that step applied. */
    Map<String, Long> takenFromReservations(Move move) {
        Map<String, Long> unitsBySku = new LinkedHashMap<>();
        for (Document held : reservations.find(in(StoredReservation.ID, move.reservations()))) {
            OptionalLong taken = MoveMarks.marked(held, move.op());
            if (taken.isPresent()) {
                unitsBySku.merge(StoredReservation.skuOf(held.getString(StoredReservation.ID)), taken.getAsLong(), Long::sum);
            }
        }
        return unitsBySku;
    }

    /** The reservation as it is stored now. */
    Optional<StoredReservation> reservation(String id) {
        return Optional.ofNullable(reservations.find(eq(StoredReservation.ID, id)).first()).map(StoredReservation::of);
    }

    /** What {@link #take} found. */
    record Taken(boolean done, long available) {
    }

    /**
     * Takes the move's units from available stock into reserved. Not done (nothing changed) when fewer
     * are available; then {@code available} is what there was. Done also when the move had taken them already.
     */
    Taken take(Move move) {
        for (int round = 0; round < ROUNDS; round++) {
            Document after = inventory.findOneAndUpdate(
                    and(eq(StoredStock.SKU, move.sku()), gte(StoredStock.AVAILABLE, move.units()), MoveMarks.unmarked(move.op())),
                    combine(inc(StoredStock.AVAILABLE, -move.units()), inc(StoredStock.RESERVED, move.units()),
                            inc(StoredStock.REV, 1L), set(StoredStock.UPDATED, new Date()),
                            MoveMarks.mark(move.op(), move.units())), AFTER);
            if (after != null) {
                // took the last units: the sku sold out
                availability.afterUpdate(StoredFields.number(after, StoredStock.AVAILABLE) + move.units(), after);
                return new Taken(true, 0);
            }
            Document stock = inventory.find(eq(StoredStock.SKU, move.sku())).first();
            if (stock == null) {
                return new Taken(false, 0);
            }
            if (MoveMarks.marked(stock, move.op()).isPresent()) {
                return new Taken(true, 0);
            }
            long available = StoredStock.of(stock).available();
            if (available < move.units()) {
                return new Taken(false, available);
            }
            // available went up between the update and the read: try again
        }
        throw new IllegalStateException("stock of " + move.sku() + " kept changing");
    }

    /** Adds {@code units} of the move to the cart's reservation, made if absent; nothing when the move did already. */
    void hold(Move move, long units, Date reservedAt) {
        try {
            reservations.updateOne(and(eq(StoredReservation.ID, move.reservation()), MoveMarks.unmarked(move.op())),
                    combine(inc(StoredReservation.QTY, units), max(StoredReservation.RESERVED_AT, reservedAt),
                            setOnInsert(StoredReservation.SKU, move.sku()), setOnInsert(StoredReservation.CART, move.cartId()),
                            MoveMarks.mark(move.op(), units)), UPSERT);
        } catch (MongoWriteException e) {
            // the upsert's insert collided with the document the filter did not match: it carries the mark already
            if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
        }
    }

    /**
     * Takes up to the move's units out of the cart's reservation (all it holds when that is less).
     * Returns the units taken by this move, now or before: 0 when the reservation holds nothing.
     */
    long unhold(Move move) {
        String id = move.reservation();
        if (take(id, move.op(), gte(StoredReservation.QTY, move.units()), move.units())) {
            return move.units(); // the usual case: it holds at least that many
        }
        for (int round = 0; round < ROUNDS; round++) {
            Document held = reservations.find(eq(StoredReservation.ID, id)).first();
            if (held == null) {
                return 0;
            }
            OptionalLong marked = MoveMarks.marked(held, move.op());
            if (marked.isPresent()) {
                return marked.getAsLong();
            }
            long qty = StoredReservation.of(held).qty();
            if (qty <= 0) {
                return 0;
            }
            if (qty < move.units()) {
                LOG.warnf("Cart %s holds %d of %s, asked for %d: taking what it holds", move.cartId(), qty, move.sku(), move.units());
            }
            long units = Math.min(qty, move.units());
            if (take(id, move.op(), eq(StoredReservation.QTY, qty), units)) {
                return units;
            }
        }
        throw new IllegalStateException("reservation " + id + " kept changing");
    }

    /**
     * Takes {@code units} of a reservation only if it is exactly as observed (the cleanup: a
     * reservation touched since it was read is left alone). False when it changed.
     */
    boolean unholdObserved(Move move, StoredReservation observed, long units) {
        Bson unchanged = and(eq(StoredReservation.QTY, observed.qty()), eq(StoredReservation.RESERVED_AT, observed.reservedAt()));
        return take(observed.id(), move.op(), unchanged, units);
    }

    /**
     * Takes the whole of each reservation, guarded on the quantity observed; a reservation that
     * changed meanwhile is read again and taken as it is then, a few rounds at most. Returns the
     * units taken per reservation id; those missing kept changing (or hold nothing).
     */
    Map<String, Long> unholdAll(String op, List<StoredReservation> observed) {
        Map<String, Long> taken = new LinkedHashMap<>();
        List<StoredReservation> left = observed;
        for (int round = 0; round < 4 && !left.isEmpty(); round++) {
            List<WriteModel<Document>> takes = new ArrayList<>(left.size());
            for (StoredReservation reservation : left) {
                if (reservation.qty() > 0) {
                    takes.add(new UpdateOneModel<>(and(eq(StoredReservation.ID, reservation.id()),
                            eq(StoredReservation.QTY, reservation.qty()), MoveMarks.unmarked(op)),
                            combine(inc(StoredReservation.QTY, -reservation.qty()), MoveMarks.mark(op, reservation.qty()))));
                }
            }
            if (takes.isEmpty()) {
                break;
            }
            int matched = reservations.bulkWrite(takes, new BulkWriteOptions().ordered(false)).getMatchedCount();
            if (matched == takes.size()) {
                left.forEach(reservation -> {
                    if (reservation.qty() > 0) {
                        taken.put(reservation.id(), reservation.qty());
                    }
                });
                break;
            }
            // some changed between the read and the write: the marks say which were taken
            List<StoredReservation> again = new ArrayList<>();
            for (Document doc : reservations.find(in(StoredReservation.ID, left.stream().map(StoredReservation::id).toList()))) {
                OptionalLong marked = MoveMarks.marked(doc, op);
                if (marked.isPresent()) {
                    taken.put(doc.getString(StoredReservation.ID), marked.getAsLong());
                } else {
                    again.add(StoredReservation.of(doc));
                }
            }
            left = again;
        }
        return taken;
    }

    private boolean take(String id, String op, Bson guard, long units) {
        return reservations.updateOne(and(eq(StoredReservation.ID, id), guard, MoveMarks.unmarked(op)),
                combine(inc(StoredReservation.QTY, -units), MoveMarks.mark(op, units))).getModifiedCount() == 1;
    }

    /**
     * {@link #restore} of units back to available for many skus at once (an expiry batch: a hundred
     * skus), in one bulk write of the same guarded, marking updates, so the batch waits for one durable
     * write instead of one per sku. A bulk write returns no documents, so whether a sku came back from
     * sold out is read around it: its available before (read first) or after minus what came back
     * (read after) at or below zero, or sold out after; those skus' states are recorded as the read
     * after found them, ordered by their {@code rev} like any other ({@link AvailabilityOutbox}). A crossing two racing writes hide
     * from both readings is sent by the availability reconciliation.
     */
    void restoreAll(String op, Map<String, Long> returnedBySku) {
        if (returnedBySku.isEmpty()) {
            return;
        }
        Map<String, Document> before = stocks(returnedBySku.keySet());
        Date now = new Date();
        List<WriteModel<Document>> updates = new ArrayList<>(returnedBySku.size());
        returnedBySku.forEach((sku, units) -> updates.add(new UpdateOneModel<>(and(eq(StoredStock.SKU, sku), MoveMarks.unmarked(op)),
                combine(inc(StoredStock.AVAILABLE, units), inc(StoredStock.RESERVED, -units), set(StoredStock.UPDATED, now),
                        MoveMarks.mark(op, units), inc(StoredStock.REV, 1L)))));
        inventory.bulkWrite(updates, new BulkWriteOptions().ordered(false));
        Map<String, Document> after = stocks(returnedBySku.keySet());
        returnedBySku.forEach((sku, units) -> {
            Document stock = after.get(sku);
            if (stock == null) {
                LOG.errorf("No stock document for %s to return %d units to", sku, units);
                return;
            }
            long availableBefore = before.containsKey(sku) ? StoredFields.number(before.get(sku), StoredStock.AVAILABLE) : 0;
            long availableAfter = StoredFields.number(stock, StoredStock.AVAILABLE);
            if (availableBefore <= 0 || availableAfter - units <= 0 || availableAfter <= 0) {
                availability.recordRead(stock);
            }
        });
    }

    /** The stock documents of these skus, as much of them as tells availability and its {@code rev}. */
    private Map<String, Document> stocks(java.util.Collection<String> skus) {
        Map<String, Document> stocks = new LinkedHashMap<>();
        for (Document doc : inventory.find(in(StoredStock.SKU, skus)).projection(Projections.include(StoredStock.AVAILABLE, StoredStock.REV))) {
            stocks.put(doc.getString(StoredStock.SKU), doc);
        }
        return stocks;
    }

    /**
     * Moves {@code returned + sold} units out of reserved: {@code returned} back to available,
     * {@code sold} into sold (and this ten-minute slot's sales). Nothing when the move did already.
     */
    void restore(String op, String sku, long returned, long sold) {
        Instant now = Instant.now();
        List<Bson> updates = new ArrayList<>(List.of(inc(StoredStock.AVAILABLE, returned), inc(StoredStock.RESERVED, -(returned + sold)),
                set(StoredStock.UPDATED, Date.from(now)), MoveMarks.mark(op, returned + sold)));
        if (sold > 0) {
            updates.add(inc(StoredStock.SOLD, sold));
            updates.add(SalesSlots.recordSale(sold, now));
        }
        Bson filter = and(eq(StoredStock.SKU, sku), MoveMarks.unmarked(op));
        long matched;
        if (returned > 0) { // available moves: it may come back from sold out
            updates.add(inc(StoredStock.REV, 1L));
            Document after = inventory.findOneAndUpdate(filter, combine(updates), AFTER);
            matched = after == null ? 0 : 1;
            if (after != null) {
                availability.afterUpdate(StoredFields.number(after, StoredStock.AVAILABLE) - returned, after);
            }
        } else {
            matched = inventory.updateOne(filter, combine(updates)).getMatchedCount();
        }
        if (matched == 0 && inventory.find(eq(StoredStock.SKU, sku)).first() == null) {
            LOG.errorf("No stock document for %s to return %d and sell %d units to", sku, returned, sold);
        }
    }
}

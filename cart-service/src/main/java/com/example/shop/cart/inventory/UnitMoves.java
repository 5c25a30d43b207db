package com.example.shop.cart.inventory;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.jboss.logging.Logger;

/**
 * The steps of a unit move, each one update of one small document guarded by the move's mark
 * ({@link MoveMarks}), so it applies at most once and the cleanup can repeat it: take (available →
 * reserved), hold (into the cart's reservation), unhold (out of it), restore (reserved → available or
 * sold). Whether a step applied is read back from its mark. See docs/design.md, Stock moves.
 */
@ApplicationScoped
public class UnitMoves {

    private static final Logger LOG = Logger.getLogger(UnitMoves.class);
    /** Rounds of "read, then update guarded on what was read" before an unhold gives up on a busy reservation. */
    private static final int ROUNDS = 16;

    private final InventoryStore inventory;
    private final ReservationStore reservations;
    private final AvailabilityOutbox availability;

    public UnitMoves(InventoryStore inventory, ReservationStore reservations, AvailabilityOutbox availability) {
        this.inventory = inventory;
        this.reservations = reservations;
        this.availability = availability;
    }

    /**
     * The units available now, from a read (0 when the sku has no stock). Only a hint: the guarded
     * {@link #take} decides; a reservation reads it first so that a sold-out sku refuses without a write.
     */
    long availableNow(String sku) {
        return inventory.availableNow(sku);
    }

    /** The units the move took from the sku's available stock ({@link #take}), if that step applied. */
    OptionalLong takenFromStock(Move move) {
        StoredStock stock = inventory.find(move.sku());
        return stock == null ? OptionalLong.empty() : stock.marked(move.op());
    }

    /** The units the move took out of the cart's reservation ({@link #unhold}), if that step applied. */
    OptionalLong takenFromReservation(Move move) {
        StoredReservation held = reservations.find(move.reservation());
        return held == null ? OptionalLong.empty() : held.marked(move.op());
    }

    /** Per sku, the units the batch move took out of its reservations ({@link #unholdAll}), where that step applied. */
    Map<String, Long> takenFromReservations(Move move) {
        Map<String, Long> unitsBySku = new LinkedHashMap<>();
        for (StoredReservation held : reservations.findAll(move.reservations())) {
            OptionalLong taken = held.marked(move.op());
            if (taken.isPresent()) {
                unitsBySku.merge(StoredReservation.skuOf(held.id()), taken.getAsLong(), Long::sum);
            }
        }
        return unitsBySku;
    }

    /** The reservation as it is stored now. */
    Optional<StoredReservation> reservation(String id) {
        return Optional.ofNullable(reservations.find(id));
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
            StoredStock after = inventory.take(move.op(), move.sku(), move.units(), new Date());
            if (after != null) {
                // took the last units: the sku sold out
                availability.afterUpdate(after.available() + move.units(), after);
                return new Taken(true, 0);
            }
            StoredStock stock = inventory.find(move.sku());
            if (stock == null) {
                return new Taken(false, 0);
            }
            if (stock.marked(move.op()).isPresent()) {
                return new Taken(true, 0);
            }
            if (stock.available() < move.units()) {
                return new Taken(false, stock.available());
            }
            // available went up between the update and the read: try again
        }
        throw new IllegalStateException("stock of " + move.sku() + " kept changing");
    }

    /**
     * Moves a return's units from sold back to available. Returns the units the move returned, now or
     * before; a sku that sold fewer than that is a fault of the data (an {@link IllegalStateException}).
     */
    long unsell(Move move) {
        for (int round = 0; round < ROUNDS; round++) {
            StoredStock after = inventory.unsell(move.op(), move.sku(), move.units(), new Date());
            if (after != null) {
                availability.afterUpdate(after.available() - move.units(), after); // it may come back from sold out
                return move.units();
            }
            StoredStock stock = inventory.find(move.sku());
            if (stock == null) {
                throw new IllegalStateException("no stock document for " + move.sku() + " to return " + move.units() + " units to");
            }
            OptionalLong marked = stock.marked(move.op());
            if (marked.isPresent()) {
                return marked.getAsLong();
            }
            if (stock.sold() < move.units()) {
                throw new IllegalStateException(move.sku() + " sold " + stock.sold() + ", fewer than the " + move.units() + " to return");
            }
            // the stock changed between the update and the read: try again
        }
        throw new IllegalStateException("stock of " + move.sku() + " kept changing");
    }

    /** Adds {@code units} of the move to the cart's reservation, made if absent; nothing when the move did already. */
    void hold(Move move, long units, Date reservedAt) {
        reservations.hold(move.op(), move.sku(), move.cartId(), units, reservedAt);
    }

    /**
     * Takes up to the move's units out of the cart's reservation (all it holds when that is less).
     * Returns the units taken by this move, now or before: 0 when the reservation holds nothing.
     */
    long unhold(Move move) {
        String id = move.reservation();
        if (reservations.takeIfHolding(id, move.op(), move.units())) {
            return move.units(); // the usual case: it holds at least that many
        }
        for (int round = 0; round < ROUNDS; round++) {
            StoredReservation held = reservations.find(id);
            if (held == null) {
                return 0;
            }
            OptionalLong marked = held.marked(move.op());
            if (marked.isPresent()) {
                return marked.getAsLong();
            }
            long qty = held.qty();
            if (qty <= 0) {
                return 0;
            }
            if (qty < move.units()) {
                LOG.warnf("Cart %s holds %d of %s, asked for %d: taking what it holds", move.cartId(), qty, move.sku(), move.units());
            }
            long units = Math.min(qty, move.units());
            if (reservations.takeIfAt(id, move.op(), qty, units)) {
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
        return reservations.takeIfUnchanged(move.op(), observed, units);
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
            List<StoredReservation> holding = left.stream().filter(reservation -> reservation.qty() > 0).toList();
            if (holding.isEmpty()) {
                break;
            }
            if (reservations.takeWhole(op, holding) == holding.size()) {
                holding.forEach(reservation -> taken.put(reservation.id(), reservation.qty()));
                break;
            }
            // some changed between the read and the write: the marks say which were taken
            List<StoredReservation> again = new ArrayList<>();
            for (StoredReservation reservation : reservations.findAll(left.stream().map(StoredReservation::id).toList())) {
                OptionalLong marked = reservation.marked(op);
                if (marked.isPresent()) {
                    taken.put(reservation.id(), marked.getAsLong());
                } else {
                    again.add(reservation);
                }
            }
            left = again;
        }
        return taken;
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
        Map<String, StoredStock> before = bySku(inventory.availability(returnedBySku.keySet()));
        inventory.restoreAll(op, returnedBySku, new Date());
        Map<String, StoredStock> after = bySku(inventory.availability(returnedBySku.keySet()));
        returnedBySku.forEach((sku, units) -> {
            StoredStock stock = after.get(sku);
            if (stock == null) {
                LOG.errorf("No stock document for %s to return %d units to", sku, units);
                return;
            }
            long availableBefore = before.containsKey(sku) ? before.get(sku).available() : 0;
            long availableAfter = stock.available();
            if (availableBefore <= 0 || availableAfter - units <= 0 || availableAfter <= 0) {
                availability.recordRead(stock);
            }
        });
    }

    private static Map<String, StoredStock> bySku(Collection<StoredStock> stocks) {
        Map<String, StoredStock> bySku = new LinkedHashMap<>();
        stocks.forEach(stock -> bySku.put(stock.sku(), stock));
        return bySku;
    }

    /**
     * Moves {@code returned + sold} units out of reserved: {@code returned} back to available,
     * {@code sold} into sold (and this ten-minute slot's sales). Nothing when the move did already.
     */
    void restore(String op, String sku, long returned, long sold) {
        Instant now = Instant.now();
        boolean matched;
        if (returned > 0) { // available moves: it may come back from sold out
            StoredStock after = inventory.restoreAndGet(op, sku, returned, sold, now);
            matched = after != null;
            if (after != null) {
                availability.afterUpdate(after.available() - returned, after);
            }
        } else {
            matched = inventory.restore(op, sku, returned, sold, now);
        }
        if (!matched && inventory.find(sku) == null) {
            LOG.errorf("No stock document for %s to return %d and sell %d units to", sku, returned, sold);
        }
    }
}

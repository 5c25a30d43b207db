package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.unset;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.conversions.Bson;

/**
 * Units sold per ten-minute slot, kept in the stock document ({@code sales: {"<slot>": units}}) so
 * that "sold in the last hour" needs no collection of sales. A sale increments its slot and unsets,
 * by name, the slots that have just left the longest window asked about ({@link #LONGEST}), in the
 * same update: the map holds the last four hours' slots and, for a sku that stopped selling for
 * longer, at most a few slots more.
 */
record SalesSlots(Map<Long, Long> units) {

    static final Duration SLOT = Duration.ofMinutes(10);
    /** The longest window asked about: 24 slots, four hours. */
    static final Duration LONGEST = SLOT.multipliedBy(24);
    private static final int KEPT = (int) (LONGEST.toSeconds() / SLOT.toSeconds());
    /** Slots before those kept unset by each sale: covers a sku that sold again after up to this many slots' pause. */
    private static final int FORGET = 36;

    /** No sales yet. */
    static final SalesSlots NONE = new SalesSlots(Map.of());

    static long slotOf(Instant at) {
        return at.getEpochSecond() / SLOT.toSeconds();
    }

    /** The update that counts {@code sold} units in the slot of {@code at} and forgets the slots gone by. */
    static Bson recordSale(long sold, Instant at) {
        long slot = slotOf(at);
        List<Bson> updates = new ArrayList<>();
        updates.add(inc(StoredStock.SALES + "." + slot, sold));
        for (long old = slot - KEPT; old > slot - KEPT - FORGET; old--) {
            updates.add(unset(StoredStock.SALES + "." + old));
        }
        return combine(updates);
    }

    long lastHour(Instant now) {
        return within(Duration.ofHours(1), now);
    }

    /**
     * Units sold in the slots that end within {@code window} of now: the current slot and the whole
     * slots before it that fit, so the figure covers the window to within one slot (ten minutes).
     */
    long within(Duration window, Instant now) {
        long current = slotOf(now);
        long slots = Math.max(1, window.toSeconds() / SLOT.toSeconds());
        return units.entrySet().stream().filter(e -> e.getKey() > current - slots && e.getKey() <= current)
                .mapToLong(Map.Entry::getValue).sum();
    }
}

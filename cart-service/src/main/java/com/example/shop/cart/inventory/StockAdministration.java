package com.example.shop.cart.inventory;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.concurrency.Attempts;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Date;
import java.util.Optional;

/**
 * Admin changes of available stock. Every inventory document carries the counters that make the
 * invariant checkable: {@code stocked} (all stock ever set or restocked, net) = {@code qty}
 * (available) + {@code reserved} + {@code sold}.
 * <ul>
 * <li>Restock is one atomic {@code $inc} of {@code qty} and {@code stocked} (upsert).</li>
 * <li>Setting stock is an adjustment: a compare-and-set on the observed {@code qty} that moves
 * {@code qty} to the new value and {@code stocked} by the same difference, so reservations and
 * sales are untouched and the invariant holds. Retried ({@link Attempts}) when a reservation raced it.</li>
 * </ul>
 */
@ApplicationScoped
public class StockAdministration {

    private final InventoryStore inventory;
    private final Attempts attempts;
    private final AvailabilityOutbox availability;

    StockAdministration(InventoryStore inventory, Attempts attempts, AvailabilityOutbox availability) {
        this.inventory = inventory;
        this.attempts = attempts;
        this.availability = availability;
    }

    public StockView setAvailable(String sku, int qty) {
        attempts.untilDone(() -> setAvailableOnce(sku, qty));
        return view(sku);
    }

    /** One read and its guarded write; empty when a reservation or another admin changed the stock meanwhile. */
    private Optional<Boolean> setAvailableOnce(String sku, int qty) {
        StoredStock current = inventory.find(sku);
        if (current == null) {
            if (!inventory.insert(StoredStock.created(sku, qty, new Date()))) {
                return Optional.empty(); // created concurrently: adjust it instead
            }
            if (qty == 0) { // the catalog takes a sku it never heard of as in stock
                availability.record(sku, true, 1L);
            }
            return Optional.of(true);
        }
        long old = current.available();
        if (old == qty) {
            return Optional.of(true); // nothing to change
        }
        StoredStock after = inventory.setAvailable(sku, old, qty, new Date());
        if (after == null) {
            return Optional.empty();
        }
        availability.afterUpdate(old, after);
        return Optional.of(true);
    }

    public StockView restock(String sku, int qty) {
        StoredStock after = inventory.restock(sku, qty, new Date());
        availability.afterUpdate(after.available() - qty, after);
        return view(sku);
    }

    public StockView view(String sku) {
        StoredStock stock = inventory.find(sku);
        if (stock == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        return new StockView(sku, stock.available(), stock.reserved());
    }
}

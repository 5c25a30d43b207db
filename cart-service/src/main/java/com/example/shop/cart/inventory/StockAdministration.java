package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.concurrency.Attempts;
import com.example.shop.web.database.StoredFields;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import org.bson.Document;

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

    private static final FindOneAndUpdateOptions AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER)
            .projection(Projections.include(StoredStock.AVAILABLE, StoredStock.REV));
    private static final FindOneAndUpdateOptions UPSERT_AFTER = new FindOneAndUpdateOptions().returnDocument(ReturnDocument.AFTER)
            .projection(Projections.include(StoredStock.AVAILABLE, StoredStock.REV)).upsert(true);

    private final MongoCollection<Document> inventory;
    private final Attempts attempts;
    private final AvailabilityOutbox availability;

    StockAdministration(InventoryStore store, Attempts attempts, AvailabilityOutbox availability) {
        this.inventory = store.inventory();
        this.attempts = attempts;
        this.availability = availability;
    }

    public StockView setAvailable(String sku, int qty) {
        attempts.untilDone(() -> setAvailableOnce(sku, qty));
        return view(sku);
    }

    /** One read and its guarded write; empty when a reservation or another admin changed the stock meanwhile. */
    private Optional<Boolean> setAvailableOnce(String sku, int qty) {
        Document current = inventory.find(eq(StoredStock.SKU, sku)).first();
        if (current == null) {
            try {
                inventory.insertOne(StoredStock.newDocument(sku, qty, new Date()));
                if (qty == 0) { // the catalog takes a sku it never heard of as in stock
                    availability.record(sku, true, 1L);
                }
                return Optional.of(true);
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
                return Optional.empty(); // created concurrently: adjust it instead
            }
        }
        long old = StoredStock.of(current).available();
        if (old == qty) {
            return Optional.of(true); // nothing to change
        }
        Document after = inventory.findOneAndUpdate(and(eq(StoredStock.SKU, sku), eq(StoredStock.AVAILABLE, current.get(StoredStock.AVAILABLE))),
                combine(set(StoredStock.AVAILABLE, qty), inc(StoredStock.STOCKED, (long) qty - old), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, new Date())),
                AFTER);
        if (after == null) {
            return Optional.empty();
        }
        availability.afterUpdate(old, after);
        return Optional.of(true);
    }

    public StockView restock(String sku, int qty) {
        Document after = inventory.findOneAndUpdate(eq(StoredStock.SKU, sku),
                combine(inc(StoredStock.AVAILABLE, qty), inc(StoredStock.STOCKED, (long) qty), inc(StoredStock.REV, 1L),
                        set(StoredStock.UPDATED, new Date()), setOnInsert(StoredStock.RESERVED, 0L), setOnInsert(StoredStock.SOLD, 0L)),
                UPSERT_AFTER);
        availability.afterUpdate(StoredFields.number(after, StoredStock.AVAILABLE) - qty, after);
        return view(sku);
    }

    public StockView view(String sku) {
        Document doc = inventory.find(eq(StoredStock.SKU, sku)).first();
        if (doc == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        StoredStock stock = StoredStock.of(doc);
        return new StockView(sku, stock.available(), stock.reserved());
    }
}

package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.concurrency.Attempts;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
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

    private final MongoCollection<Document> inventory;
    private final Attempts attempts;

    StockAdministration(InventoryStore store, Attempts attempts) {
        this.inventory = store.inventory();
        this.attempts = attempts;
    }

    public StockView setAvailable(String sku, int qty) {
        attempts.untilDone(() -> setAvailableOnce(sku, qty));
        return view(sku);
    }

    /** One read and its guarded write; empty when a reservation or another admin changed the stock meanwhile. */
    private Optional<Boolean> setAvailableOnce(String sku, int qty) {
        Document current = inventory.find(eq("_id", sku)).first();
        if (current == null) {
            try {
                inventory.insertOne(StoredStock.newDocument(sku, qty, new Date()));
                return Optional.of(true);
            } catch (MongoWriteException e) {
                if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                    throw e;
                }
                return Optional.empty(); // created concurrently: adjust it instead
            }
        }
        long old = StoredStock.of(current).available();
        UpdateResult result = inventory.updateOne(and(eq("_id", sku), eq("qty", current.get("qty"))),
                combine(set("qty", qty), inc("stocked", (long) qty - old), set("updated", new Date())));
        boolean done = result.getModifiedCount() == 1 || (result.getMatchedCount() == 1 && old == qty);
        return done ? Optional.of(true) : Optional.empty();
    }

    public StockView restock(String sku, int qty) {
        inventory.updateOne(eq("_id", sku),
                combine(inc("qty", qty), inc("stocked", (long) qty), set("updated", new Date()),
                        setOnInsert("reserved", 0L), setOnInsert("sold", 0L)),
                new UpdateOptions().upsert(true));
        return view(sku);
    }

    public StockView view(String sku) {
        Document doc = inventory.find(eq("_id", sku)).first();
        if (doc == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        StoredStock stock = StoredStock.of(doc);
        return new StockView(sku, stock.available(), stock.reserved());
    }
}

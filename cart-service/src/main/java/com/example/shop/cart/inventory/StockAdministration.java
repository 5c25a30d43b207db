package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.combine;
import static com.mongodb.client.model.Updates.inc;
import static com.mongodb.client.model.Updates.set;
import static com.mongodb.client.model.Updates.setOnInsert;

import com.example.shop.cart.config.CartDatabase;
import com.example.shop.cart.inventory.InventoryRecords.StockView;
import com.example.shop.cart.problems.CartProblems;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.List;
import org.bson.Document;

/**
 * Admin changes of available stock. Every inventory document carries the counters that make the
 * invariant checkable: {@code stocked} (all stock ever set or restocked, net) = {@code qty}
 * (available) + Σ {@code carted.qty} (reserved) + {@code sold}.
 * <ul>
 * <li>Restock is one atomic {@code $inc} of {@code qty} and {@code stocked} (upsert).</li>
 * <li>Setting stock is an adjustment: a compare-and-set on the observed {@code qty} that moves
 * {@code qty} to the new value and {@code stocked} by the same difference, so reservations and
 * sales are untouched and the invariant holds. Retried when a reservation raced it.</li>
 * </ul>
 */
@Singleton
public class StockAdministration {

    private final MongoCollection<Document> inventory;

    @Inject
    public StockAdministration(CartDatabase database) {
        this.inventory = database.inventory();
    }

    public StockView setAvailable(String sku, int qty) {
        for (int attempt = 0; attempt < 50; attempt++) {
            Document current = inventory.find(eq("_id", sku)).first();
            if (current == null) {
                try {
                    inventory.insertOne(new Document("_id", sku).append("qty", qty).append("carted", List.of())
                            .append("stocked", (long) qty).append("sold", 0L).append("updated", new Date()));
                    return view(sku);
                } catch (MongoWriteException e) {
                    if (e.getError().getCategory() != ErrorCategory.DUPLICATE_KEY) {
                        throw e;
                    }
                    continue; // created concurrently: adjust it instead
                }
            }
            long old = Docs.num(current, "qty");
            UpdateResult result = inventory.updateOne(and(eq("_id", sku), eq("qty", current.get("qty"))),
                    combine(set("qty", qty), inc("stocked", (long) qty - old), set("updated", new Date())));
            if (result.getModifiedCount() == 1 || (result.getMatchedCount() == 1 && old == qty)) {
                return view(sku);
            }
        }
        throw CartProblems.busy();
    }

    public StockView restock(String sku, int qty) {
        inventory.updateOne(eq("_id", sku),
                combine(inc("qty", qty), inc("stocked", (long) qty), set("updated", new Date()),
                        setOnInsert("carted", List.of()), setOnInsert("sold", 0L)),
                new UpdateOptions().upsert(true));
        return view(sku);
    }

    public StockView view(String sku) {
        Document doc = inventory.find(eq("_id", sku)).first();
        if (doc == null) {
            throw CartProblems.noSuchInventory(sku);
        }
        return new StockView(sku, Docs.num(doc, "qty"), Docs.reserved(doc));
    }
}

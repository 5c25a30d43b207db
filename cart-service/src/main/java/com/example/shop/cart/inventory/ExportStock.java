package com.example.shop.cart.inventory;

import static com.mongodb.client.model.Projections.include;

import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Iterator;
import org.bson.Document;

/**
 * Every sku's available stock as stock import lines ({@code GET /admin/inventory/export}), in sku
 * order, read from one cursor as the response is written. Importing the export sets every sku to
 * the level it had: into the same store, every line is unchanged; into an empty one, the same
 * available stock (reservations and sales are not stock to set, and are not exported).
 */
@ApplicationScoped
public class ExportStock {

    private final MongoCollection<Document> inventory;

    ExportStock(InventoryStore store) {
        this.inventory = store.inventory();
    }

    /**
     * An exported line: the JSON of a {@link StockLine}, with the level as stored (restocks can take
     * it past what one line may set, {@value SetStock#MAX_QTY}: such a line is exported as it is, and
     * an import refuses it naming {@code qty}, as a PUT would).
     */
    public record Line(String sku, long qty) {
    }

    /** The lines, lazily: the iterator is the database cursor, {@link AutoCloseable}, to be closed by its reader. */
    public Iterator<Line> lines() {
        return inventory.find().projection(include("qty")).sort(new Document("_id", 1))
                .map(doc -> new Line(doc.getString("_id"), StoredStock.available(doc)))
                .cursor();
    }
}

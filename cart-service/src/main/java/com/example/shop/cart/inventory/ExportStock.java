package com.example.shop.cart.inventory;

import com.example.shop.web.bulk.PagedScan;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Iterator;

/**
 * Every sku's available stock as stock import lines ({@code GET /admin/inventory/export}), in sku
 * order, read a page at a time along the {@code _id} (sku) index as the response is written
 * ({@link PagedScan}). Importing the export sets every sku to
 * the level it had: into the same store, every line is unchanged; into an empty one, the same
 * available stock (reservations and sales are not stock to set, and are not exported).
 */
@ApplicationScoped
public class ExportStock {

    private static final int PAGE = 1000;

    private final InventoryStore inventory;

    ExportStock(InventoryStore inventory) {
        this.inventory = inventory;
    }

    /**
     * An exported line: the JSON of a {@link StockLine}, with the level as stored (restocks can take
     * it past what one line may set, {@value SetStock#MAX_QTY}: such a line is exported as it is, and
     * an import refuses it naming {@code qty}, as a PUT would).
     */
    public record Line(String sku, long qty) {
    }

    /** The lines, lazily, a page of {@value #PAGE} at a time. */
    public Iterator<Line> lines() {
        return inventory.levelsInSkuOrder(PAGE, stock -> new Line(stock.sku(), stock.available()));
    }
}

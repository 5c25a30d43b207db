package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/**
 * A {@link StoredStock} as its document in {@code inventory}. A new sku's document is written whole
 * (its counters, {@code updated} and {@code rev}); its sales and marks come later, by updates.
 */
final class StoredStockCodec extends StoredCodec<StoredStock> {

    StoredStockCodec() {
        super(StoredStock.class);
    }

    @Override
    protected StoredStock fromDocument(Document doc) {
        return new StoredStock(doc.getString(StoredStock.SKU), number(doc, StoredStock.AVAILABLE), number(doc, StoredStock.RESERVED),
                number(doc, StoredStock.SOLD), number(doc, StoredStock.STOCKED), doc.getDate(StoredStock.UPDATED),
                number(doc, StoredStock.REV), sales(doc.get(StoredStock.SALES, Document.class)), marks(doc));
    }

    /** The document of a new sku: {@code {_id, qty, reserved, sold, stocked, updated, rev}}, the counters longs. */
    @Override
    protected Document toDocument(StoredStock stock) {
        Document doc = new Document(StoredStock.SKU, stock.sku()).append(StoredStock.AVAILABLE, stock.available())
                .append(StoredStock.RESERVED, stock.reserved()).append(StoredStock.SOLD, stock.sold())
                .append(StoredStock.STOCKED, stock.stocked()).append(StoredStock.UPDATED, stock.updated())
                .append(StoredStock.REV, stock.rev());
        if (!stock.sales().units().isEmpty()) {
            Document sales = new Document();
            stock.sales().units().forEach((slot, units) -> sales.append(Long.toString(slot), units));
            doc.append(StoredStock.SALES, sales);
        }
        if (!stock.marks().isEmpty()) {
            doc.append(MoveMarks.FIELD, stock.marks().stream()
                    .map(mark -> new Document(MoveMarks.OP, mark.op()).append(MoveMarks.UNITS, mark.units())).toList());
        }
        return doc;
    }

    private static SalesSlots sales(Document sales) {
        Map<Long, Long> units = new TreeMap<>();
        if (sales != null) {
            sales.forEach((slot, value) -> units.put(Long.parseLong(slot), value instanceof Number n ? n.longValue() : 0L));
        }
        return new SalesSlots(units);
    }

    /** The marks of a stock or reservation document ({@code moves: [{op, units}]}, stored alike in both). */
    static List<MoveMarks.Mark> marks(Document doc) {
        return documents(doc, MoveMarks.FIELD).stream()
                .map(mark -> new MoveMarks.Mark(mark.getString(MoveMarks.OP), number(mark, MoveMarks.UNITS))).toList();
    }
}

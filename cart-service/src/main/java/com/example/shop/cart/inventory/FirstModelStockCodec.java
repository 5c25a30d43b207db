package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link FirstModelStock} as the first model stored it in {@code inventory}: its sku and {@code carted}. */
final class FirstModelStockCodec extends StoredCodec<FirstModelStock> {

    FirstModelStockCodec() {
        super(FirstModelStock.class);
    }

    @Override
    protected FirstModelStock fromDocument(Document doc) {
        return new FirstModelStock(doc.getString(StoredStock.SKU), documents(doc, FirstModelStock.ARRAY).stream()
                .map(entry -> new FirstModelStock.Holder(entry.getString(FirstModelStock.Holder.CART),
                        number(entry, FirstModelStock.Holder.QTY), entry.getDate(FirstModelStock.Holder.AT)))
                .toList());
    }

    /** {@code {_id, carted}}: the first model's holders only (this service never writes that model). */
    @Override
    protected Document toDocument(FirstModelStock stock) {
        return new Document(StoredStock.SKU, stock.sku()).append(FirstModelStock.ARRAY, stock.holders().stream()
                .map(holder -> new Document(FirstModelStock.Holder.CART, holder.cartId()).append(FirstModelStock.Holder.QTY, holder.qty())
                        .append(FirstModelStock.Holder.AT, holder.at()))
                .toList());
    }
}

package com.example.shop.catalog.search.availability;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/**
 * A sku's availability as its document:
 * <pre>
 * availability {_id: sku, sold_out: bool, seq: the cart's stock revision of that state, at}
 * </pre>
 */
final class StoredAvailabilityCodec extends StoredCodec<StoredAvailability> {

    static final String SKU = "_id";
    static final String SOLD_OUT = "sold_out";
    static final String SEQ = "seq";
    static final String AT = "at";

    StoredAvailabilityCodec() {
        super(StoredAvailability.class);
    }

    @Override
    protected StoredAvailability fromDocument(Document doc) {
        return new StoredAvailability(doc.getString(SKU), doc.getBoolean(SOLD_OUT),
                doc.get(SEQ) instanceof Number n ? n.longValue() : null, doc.getDate(AT));
    }

    @Override
    protected Document toDocument(StoredAvailability availability) {
        Document doc = new Document(SKU, availability.sku());
        if (availability.soldOut() != null) {
            doc.append(SOLD_OUT, availability.soldOut());
        }
        if (availability.seq() != null) {
            doc.append(SEQ, availability.seq());
        }
        if (availability.at() != null) {
            doc.append(AT, availability.at());
        }
        return doc;
    }
}

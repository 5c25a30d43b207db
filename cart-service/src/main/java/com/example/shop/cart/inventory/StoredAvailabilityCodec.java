package com.example.shop.cart.inventory;

import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredAvailability} as its document in {@code availability_outbox} or {@code availability_listed}. */
final class StoredAvailabilityCodec extends StoredCodec<StoredAvailability> {

    StoredAvailabilityCodec() {
        super(StoredAvailability.class);
    }

    @Override
    protected StoredAvailability fromDocument(Document doc) {
        return new StoredAvailability(doc.getString(StoredAvailability.SKU), Boolean.TRUE.equals(doc.getBoolean(StoredAvailability.SOLD_OUT)),
                number(doc, StoredAvailability.REV), doc.getDate(StoredAvailability.AT));
    }

    /** {@code {_id, sold_out, rev}}, and {@code at} when set. */
    @Override
    protected Document toDocument(StoredAvailability availability) {
        Document doc = new Document(StoredAvailability.SKU, availability.sku()).append(StoredAvailability.SOLD_OUT, availability.soldOut())
                .append(StoredAvailability.REV, availability.rev());
        if (availability.at() != null) {
            doc.append(StoredAvailability.AT, availability.at());
        }
        return doc;
    }
}

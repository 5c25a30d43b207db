package com.example.shop.cart.orders;

import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredCounter} as its document in {@code counters}. */
final class StoredCounterCodec extends StoredCodec<StoredCounter> {

    StoredCounterCodec() {
        super(StoredCounter.class);
    }

    @Override
    protected StoredCounter fromDocument(Document doc) {
        return new StoredCounter(doc.getString(StoredCounter.ID), number(doc, StoredCounter.SEQ));
    }

    @Override
    protected Document toDocument(StoredCounter counter) {
        return new Document(StoredCounter.ID, counter.id()).append(StoredCounter.SEQ, counter.seq());
    }
}

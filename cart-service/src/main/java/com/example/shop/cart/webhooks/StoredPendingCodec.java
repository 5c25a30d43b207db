package com.example.shop.cart.webhooks;

import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredPending} as its document in {@code webhook_pending}. */
final class StoredPendingCodec extends StoredCodec<StoredPending> {

    StoredPendingCodec() {
        super(StoredPending.class);
    }

    @Override
    protected StoredPending fromDocument(Document doc) {
        return new StoredPending(doc.getString(StoredPending.ID), doc.getString(StoredPending.SUBSCRIPTION), doc.getDate(StoredPending.DUE_AT),
                doc.getString(StoredPending.HOLDER), doc.getDate(StoredPending.EXPIRES_AT));
    }

    @Override
    protected Document toDocument(StoredPending pending) {
        Document doc = new Document(StoredPending.ID, pending.id()).append(StoredPending.SUBSCRIPTION, pending.subscription())
                .append(StoredPending.DUE_AT, pending.dueAt());
        if (pending.holder() != null) {
            doc.append(StoredPending.HOLDER, pending.holder()).append(StoredPending.EXPIRES_AT, pending.expiresAt());
        }
        return doc;
    }
}

package com.example.shop.cart.webhooks;

import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredEvent} as its document in {@code webhook_outbox} or {@code webhook_events}. */
final class StoredEventCodec extends StoredCodec<StoredEvent> {

    StoredEventCodec() {
        super(StoredEvent.class);
    }

    @Override
    protected StoredEvent fromDocument(Document doc) {
        return new StoredEvent(doc.getString(StoredEvent.ID), WireName.stored(WebhookEventType.class, doc.getString(StoredEvent.TYPE)),
                doc.getString(StoredEvent.SUBJECT), number(doc, StoredEvent.SEQUENCE), doc.getString(StoredEvent.PAYLOAD),
                doc.getDate(StoredEvent.AT), Boolean.TRUE.equals(doc.getBoolean(StoredEvent.FANNED_OUT)));
    }

    /** Every field; {@code fanned_out} only once true (set in {@code webhook_events} when every delivery is written). */
    @Override
    protected Document toDocument(StoredEvent event) {
        Document doc = new Document(StoredEvent.ID, event.id()).append(StoredEvent.TYPE, event.type().wire())
                .append(StoredEvent.SUBJECT, event.subject()).append(StoredEvent.SEQUENCE, event.sequence())
                .append(StoredEvent.PAYLOAD, event.payload()).append(StoredEvent.AT, event.at());
        if (event.fannedOut()) {
            doc.append(StoredEvent.FANNED_OUT, true);
        }
        return doc;
    }
}

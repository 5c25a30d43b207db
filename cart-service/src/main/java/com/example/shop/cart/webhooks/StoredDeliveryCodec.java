package com.example.shop.cart.webhooks;

import static com.example.shop.web.database.StoredFields.documents;
import static com.example.shop.web.database.StoredFields.number;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredDelivery} as its document in {@code webhook_deliveries}. */
final class StoredDeliveryCodec extends StoredCodec<StoredDelivery> {

    StoredDeliveryCodec() {
        super(StoredDelivery.class);
    }

    @Override
    protected StoredDelivery fromDocument(Document doc) {
        return new StoredDelivery(doc.getString(StoredDelivery.ID), doc.getString(StoredDelivery.SUBSCRIPTION),
                doc.getString(StoredDelivery.EVENT_ID), WireName.stored(WebhookEventType.class, doc.getString(StoredDelivery.TYPE)),
                doc.getString(StoredDelivery.SUBJECT), number(doc, StoredDelivery.SEQUENCE), doc.getDate(StoredDelivery.CREATED_AT),
                doc.getDate(StoredDelivery.RETRY_FROM), WireName.stored(DeliveryState.class, doc.getString(StoredDelivery.STATE)),
                number(doc, StoredDelivery.ATTEMPT_COUNT), doc.getDate(StoredDelivery.NEXT_AT), doc.getDate(StoredDelivery.FINISHED_AT),
                documents(doc, StoredDelivery.ATTEMPTS).stream().map(StoredDeliveryCodec::attempt).toList());
    }

    private static StoredDelivery.Attempt attempt(Document doc) {
        Object status = doc.get(StoredDelivery.Attempt.STATUS);
        return new StoredDelivery.Attempt(doc.getDate(StoredDelivery.Attempt.AT), status instanceof Number n ? n.intValue() : null,
                number(doc, StoredDelivery.Attempt.LATENCY_MS), doc.getString(StoredDelivery.Attempt.ERROR));
    }

    /** An attempt's document: {@code status} and {@code error} only when there are any. */
    static Document attempt(StoredDelivery.Attempt attempt) {
        Document doc = new Document(StoredDelivery.Attempt.AT, attempt.at());
        if (attempt.status() != null) {
            doc.append(StoredDelivery.Attempt.STATUS, attempt.status());
        }
        doc.append(StoredDelivery.Attempt.LATENCY_MS, attempt.latencyMillis());
        if (attempt.error() != null) {
            doc.append(StoredDelivery.Attempt.ERROR, attempt.error());
        }
        return doc;
    }

    @Override
    protected Document toDocument(StoredDelivery delivery) {
        Document doc = new Document(StoredDelivery.ID, delivery.id()).append(StoredDelivery.SUBSCRIPTION, delivery.subscription())
                .append(StoredDelivery.EVENT_ID, delivery.eventId()).append(StoredDelivery.TYPE, delivery.type().wire())
                .append(StoredDelivery.SUBJECT, delivery.subject()).append(StoredDelivery.SEQUENCE, delivery.sequence())
                .append(StoredDelivery.CREATED_AT, delivery.createdAt()).append(StoredDelivery.RETRY_FROM, delivery.retryFrom())
                .append(StoredDelivery.STATE, delivery.state().wire()).append(StoredDelivery.ATTEMPT_COUNT, delivery.attemptCount());
        if (delivery.nextAt() != null) {
            doc.append(StoredDelivery.NEXT_AT, delivery.nextAt());
        }
        if (delivery.finishedAt() != null) {
            doc.append(StoredDelivery.FINISHED_AT, delivery.finishedAt());
        }
        return doc.append(StoredDelivery.ATTEMPTS, delivery.attempts().stream().map(StoredDeliveryCodec::attempt).toList());
    }
}

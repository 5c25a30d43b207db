package com.example.shop.cart.webhooks;

import static com.example.shop.web.database.StoredFields.number;
import static com.example.shop.web.database.StoredFields.strings;

import com.example.shop.web.WireName;
import com.example.shop.web.database.StoredCodec;
import org.bson.Document;

/** A {@link StoredSubscription} as its document in {@code webhook_subscriptions}. */
final class StoredSubscriptionCodec extends StoredCodec<StoredSubscription> {

    StoredSubscriptionCodec() {
        super(StoredSubscription.class);
    }

    @Override
    protected StoredSubscription fromDocument(Document doc) {
        return new StoredSubscription(doc.getString(StoredSubscription.ID), doc.getString(StoredSubscription.URL),
                strings(doc, StoredSubscription.EVENTS).stream().map(type -> WireName.stored(WebhookEventType.class, type)).toList(),
                doc.getString(StoredSubscription.SECRET), Boolean.TRUE.equals(doc.getBoolean(StoredSubscription.ENABLED)),
                doc.getDate(StoredSubscription.CREATED_AT), doc.getDate(StoredSubscription.UPDATED_AT),
                number(doc, StoredSubscription.VERSION));
    }

    @Override
    protected Document toDocument(StoredSubscription subscription) {
        return new Document(StoredSubscription.ID, subscription.id()).append(StoredSubscription.URL, subscription.url())
                .append(StoredSubscription.EVENTS, subscription.events().stream().map(WebhookEventType::wire).toList())
                .append(StoredSubscription.SECRET, subscription.secret()).append(StoredSubscription.ENABLED, subscription.enabled())
                .append(StoredSubscription.CREATED_AT, subscription.createdAt()).append(StoredSubscription.UPDATED_AT, subscription.updatedAt())
                .append(StoredSubscription.VERSION, subscription.version());
    }
}

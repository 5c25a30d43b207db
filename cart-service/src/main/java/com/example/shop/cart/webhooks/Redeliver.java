package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;
import java.util.Date;

/**
 * Sends one event to one subscription again, under the same {@code webhook-id}: the delivery is
 * pending again with a new retry window, and due now. Its event must still be kept.
 */
@Singleton
public record Redeliver(SubscriptionStore subscriptions, EventStore events, DeliveryStore deliveries, PendingStore pending,
                        WebhookSender sender) {

    public DeliveryView redeliver(String subscription, String eventId) {
        if (subscriptions.find(subscription) == null) {
            throw CartProblems.noSuchSubscription(subscription);
        }
        StoredEvent event = events.find(eventId);
        String id = event == null ? null : StoredDelivery.idOf(subscription, event);
        Date now = new Date();
        if (id == null || !deliveries.reopen(id, now)) {
            throw CartProblems.noSuchDelivery(eventId);
        }
        pending.dueNow(id, subscription, now);
        sender.wake();
        return DeliveryView.of(deliveries.find(id));
    }
}

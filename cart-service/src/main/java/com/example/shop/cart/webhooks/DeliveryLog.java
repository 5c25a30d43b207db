package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;
import java.util.List;

/** A subscription's deliveries, newest first, each with its attempts: one {@code _id} range of the log. */
@Singleton
public record DeliveryLog(SubscriptionStore subscriptions, DeliveryStore deliveries) {

    public DeliveryView.Page page(String subscription, String cursor, int limit) {
        if (subscriptions.find(subscription) == null) {
            throw CartProblems.noSuchSubscription(subscription);
        }
        String prefix = StoredDelivery.prefixOf(subscription);
        String after = cursor == null ? null : prefix + PageCursor.decode(cursor, id -> id.matches("[0-9]{13} evt_[A-Za-z0-9_-]+"));
        List<StoredDelivery> found = deliveries.page(subscription, after, limit + 1);
        boolean more = found.size() > limit;
        List<StoredDelivery> items = more ? found.subList(0, limit) : found;
        return new DeliveryView.Page(items.stream().map(DeliveryView::of).toList(),
                more ? PageCursor.encode(items.get(limit - 1).id().substring(prefix.length())) : null);
    }
}

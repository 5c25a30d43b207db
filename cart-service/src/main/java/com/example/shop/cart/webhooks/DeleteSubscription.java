package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;

/**
 * Deletes a subscription, then what is pending for it and its delivery log. A fan-out racing the
 * delete may leave a pending delivery behind; the sender removes those of unknown subscriptions.
 */
@Singleton
public record DeleteSubscription(SubscriptionStore subscriptions, PendingStore pending, DeliveryStore deliveries, SubscribedTypes types) {

    public void delete(String id) {
        if (!subscriptions.delete(id)) {
            throw CartProblems.noSuchSubscription(id);
        }
        types.refresh();
        pending.deleteOfSubscription(id);
        deliveries.deleteOfSubscription(id);
    }
}

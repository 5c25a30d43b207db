package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import com.example.shop.web.identifiers.Identifiers;
import jakarta.inject.Singleton;
import java.util.List;

/** One subscription, or a page of them in id order. */
@Singleton
public record ReadSubscriptions(SubscriptionStore subscriptions) {

    public SubscriptionView get(String id) {
        StoredSubscription subscription = subscriptions.find(id);
        if (subscription == null) {
            throw CartProblems.noSuchSubscription(id);
        }
        return SubscriptionView.of(subscription);
    }

    public SubscriptionView.Page page(String cursor, int limit) {
        String after = cursor == null ? null : PageCursor.decode(cursor, Identifiers::isObjectId);
        List<StoredSubscription> found = subscriptions.page(after, limit + 1);
        boolean more = found.size() > limit;
        List<StoredSubscription> items = more ? found.subList(0, limit) : found;
        return new SubscriptionView.Page(items.stream().map(SubscriptionView::of).toList(),
                more ? PageCursor.encode(items.get(limit - 1).id()) : null);
    }
}

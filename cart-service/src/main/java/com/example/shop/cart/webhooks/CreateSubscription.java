package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.Date;
import java.util.List;
import org.bson.types.ObjectId;

/**
 * A new subscription: its fields checked in order (url, events, secret), its receiver's address
 * checked ({@link ReceiverAddresses}), then one insert. The answer is the only one with the secret.
 */
@Singleton
public record CreateSubscription(SubscriptionStore subscriptions, ReceiverAddresses addresses, SubscribedTypes types) {

    public SubscriptionView create(NewSubscription request) {
        URI url = SubscriptionRules.url(request.url());
        List<WebhookEventType> events = SubscriptionRules.events(request.events());
        String secret = SubscriptionRules.secret(request.secret());
        ReceiverAddresses.Checked checked = addresses.check(url);
        if (checked.refused()) {
            throw CartProblems.receiverRefused(checked.refusal());
        }
        Date now = new Date();
        StoredSubscription subscription = new StoredSubscription(new ObjectId().toHexString(), request.url(), events, secret,
                request.enabled() == null || request.enabled(), now, now, 0);
        subscriptions.insert(subscription);
        types.refresh();
        return SubscriptionView.created(subscription);
    }
}

package com.example.shop.cart.webhooks;

import com.example.shop.cart.CartProblems;
import com.example.shop.problems.Problems;
import com.example.shop.web.concurrency.Attempts;
import jakarta.inject.Singleton;
import java.util.Date;
import java.util.Optional;

/**
 * A PATCH: the fields given are checked (a new URL's address too) before anything is written, then
 * the subscription is replaced guarded on the version read ({@link Attempts}). Disabling stops its
 * deliveries: the sender sends none of its pending ones, and no new ones are made.
 */
@Singleton
public record ChangeSubscription(SubscriptionStore subscriptions, ReceiverAddresses addresses, Attempts attempts, SubscribedTypes types) {

    public SubscriptionView change(String id, SubscriptionChange request) {
        if (request.url() == null && request.events() == null && request.secret() == null && request.enabled() == null) {
            // {} or only nulls: nothing to change, and none of these fields can be removed
            throw Problems.invalidField("events", "A change gives at least one of url, events, secret, enabled; none is null");
        }
        if (request.url() != null) {
            ReceiverAddresses.Checked checked = addresses.check(SubscriptionRules.url(request.url()));
            if (checked.refused()) {
                throw CartProblems.receiverRefused(checked.refusal());
            }
        }
        var events = request.events() == null ? null : SubscriptionRules.events(request.events());
        String secret = request.secret() == null ? null : SubscriptionRules.secret(request.secret());
        SubscriptionView view = attempts.untilDone(() -> {
            StoredSubscription current = subscriptions.find(id);
            if (current == null) {
                throw CartProblems.noSuchSubscription(id);
            }
            StoredSubscription changed = new StoredSubscription(id, request.url() == null ? current.url() : request.url(),
                    events == null ? current.events() : events, secret == null ? current.secret() : secret,
                    request.enabled() == null ? current.enabled() : request.enabled(), current.createdAt(), new Date(),
                    current.version() + 1);
            return subscriptions.replace(changed, current.version()) ? Optional.of(SubscriptionView.of(changed)) : Optional.empty();
        });
        types.refresh();
        return view;
    }
}

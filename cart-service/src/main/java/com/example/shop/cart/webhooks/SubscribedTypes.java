package com.example.shop.cart.webhooks;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.EnumSet;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The event types some enabled subscription wants, as this replica last read them: an event of a
 * type nobody wants is not appended, so a checkout with no order subscriber writes no outbox entry
 * and the sender has nothing to fan out. Read again every {@code cart.webhooks.every} and after each
 * change of a subscription made here, so a new subscription hears of the changes from at most that
 * long after it is made, on every replica. Until the first read every type counts as wanted.
 */
@ApplicationScoped
public class SubscribedTypes {

    private static final Logger LOG = Logger.getLogger(SubscribedTypes.class);

    private final SubscriptionStore subscriptions;
    /** Null until read: then every type is appended. */
    private volatile Set<WebhookEventType> wanted;

    SubscribedTypes(SubscriptionStore subscriptions) {
        this.subscriptions = subscriptions;
    }

    /** Whether an event of this type is to be appended. */
    boolean wants(WebhookEventType type) {
        Set<WebhookEventType> known = wanted;
        return known == null || known.contains(type);
    }

    /** Reads the subscriptions again. */
    void refresh() {
        Set<WebhookEventType> types = EnumSet.noneOf(WebhookEventType.class);
        for (StoredSubscription subscription : subscriptions.all()) {
            if (subscription.enabled()) {
                types.addAll(subscription.events());
            }
        }
        wanted = types;
    }

    @Scheduled(identity = "read-subscribed-types", every = "${cart.webhooks.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledRefresh() {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.debugf("The subscriptions could not be read (%s); the types read before stand", e.toString());
        }
    }
}

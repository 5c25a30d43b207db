package com.example.shop.cart.webhooks;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A subscription as admins see it: never its secret, except in the answer that created it. */
@Schema(name = "WebhookSubscription")
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionView(@Schema(required = true) String id, @Schema(required = true) String url,
                               @Schema(required = true) List<String> events, @Schema(required = true) boolean enabled,
                               @Schema(required = true) Instant createdAt, @Schema(required = true) Instant updatedAt,
                               @Schema(description = "Only in the answer to its creation: keep it, it is never shown again") String secret) {

    static SubscriptionView of(StoredSubscription subscription) {
        return new SubscriptionView(subscription.id(), subscription.url(), subscription.events().stream().map(WebhookEventType::wire).toList(),
                subscription.enabled(), subscription.createdAt().toInstant(), subscription.updatedAt().toInstant(), null);
    }

    /** The view with the secret, once. */
    static SubscriptionView created(StoredSubscription subscription) {
        SubscriptionView view = of(subscription);
        return new SubscriptionView(view.id(), view.url(), view.events(), view.enabled(), view.createdAt(), view.updatedAt(),
                subscription.secret());
    }

    /** A page of subscriptions in id order. */
    @Schema(name = "WebhookSubscriptionPage")
    public record Page(@Schema(required = true) List<SubscriptionView> items,
                       @Schema(required = true, nullable = true, description = "Cursor of the next page; null on the last") String next) {
    }
}

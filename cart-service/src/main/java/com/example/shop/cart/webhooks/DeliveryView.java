package com.example.shop.cart.webhooks;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One event's delivery to one subscription: {@code id} is the event's id, the {@code webhook-id}
 * of every attempt; the attempts are the last 50, oldest first.
 */
@Schema(name = "WebhookDelivery")
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeliveryView(@Schema(required = true, description = "The event's id: the webhook-id header of every attempt") String id,
                           @Schema(required = true) String type, @Schema(required = true) String subject,
                           @Schema(required = true, description = "Orders the events of one subject") long sequence,
                           @Schema(required = true, enumeration = {"pending", "succeeded", "failed"}) String state,
                           @Schema(required = true) Instant createdAt,
                           @Schema(required = true, nullable = true, description = "When the next attempt is due; null once finished") Instant nextAttemptAt,
                           @Schema(required = true) long attemptCount, @Schema(required = true) List<AttemptView> attempts) {

    /** One request: when, the status answered (null when none came), how long it took, what went wrong. */
    @Schema(name = "WebhookAttempt")
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record AttemptView(@Schema(required = true) Instant at, @Schema(required = true, nullable = true) Integer status,
                              @Schema(required = true) long latencyMs, @Schema(required = true, nullable = true) String error) {
    }

    static DeliveryView of(StoredDelivery delivery) {
        return new DeliveryView(delivery.eventId(), delivery.type().wire(), delivery.subject(), delivery.sequence(), delivery.state().wire(),
                delivery.createdAt().toInstant(), delivery.state() == DeliveryState.PENDING && delivery.nextAt() != null
                        ? delivery.nextAt().toInstant() : null,
                delivery.attemptCount(), delivery.attempts().stream()
                        .map(a -> new AttemptView(a.at().toInstant(), a.status(), a.latencyMillis(), a.error())).toList());
    }

    /** A page of a subscription's deliveries, newest first. */
    @Schema(name = "WebhookDeliveryPage")
    public record Page(@Schema(required = true) List<DeliveryView> items,
                       @Schema(required = true, nullable = true, description = "Cursor of the next page; null on the last") String next) {
    }
}

package com.example.shop.cart.webhooks;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** POST /admin/webhooks. Checked by {@link SubscriptionRules}, which names the field at fault. */
public record NewSubscription(
        @Schema(required = true, description = "The receiver: an http or https URL whose host resolves to a public address") String url,
        @Schema(required = true, description = "The event types to send, at least one",
                enumeration = {"order.placed", "order.cancelled", "order.fulfilled", "inventory.sold_out", "inventory.back_in_stock",
                        "product.changed"}) List<String> events,
        @Schema(description = "whsec_ and the base64 of 24 to 64 bytes; generated when absent, and shown only in this answer")
        String secret,
        @Schema(description = "Whether events are sent; default true") Boolean enabled) {
}

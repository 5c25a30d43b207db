package com.example.shop.cart.webhooks;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** PATCH /admin/webhooks/{id}: each field given replaces the subscription's; those absent stay; at least one is given. */
public record SubscriptionChange(
        @Schema(description = "A new receiver URL, http or https, resolving to a public address") String url,
        @Schema(description = "The event types to send, at least one",
                enumeration = {"order.placed", "order.cancelled", "order.fulfilled", "inventory.sold_out", "inventory.back_in_stock",
                        "product.changed"}) List<String> events,
        @Schema(description = "A new secret (rotation), whsec_ and the base64 of 24 to 64 bytes; never shown back") String secret,
        @Schema(description = "false stops the subscription's deliveries: those pending fail, and no new ones are made") Boolean enabled) {
}

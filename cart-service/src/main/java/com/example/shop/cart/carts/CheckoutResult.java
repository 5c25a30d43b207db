package com.example.shop.cart.carts;

import com.example.shop.cart.orders.OrderReceipt;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The outcome of a checkout: {@code payment} is {@code approved} (cart {@code complete}) or
 * {@code pending} (the gateway's answer is outstanding; the cart stays {@code pending} until the
 * stalled-checkout job resolves it): a {@link CheckoutState}. A decline is a 402 problem instead.
 * {@code order} is the order made of the paid cart, with a token of this answer's own.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CheckoutResult(String cartId, String status, String payment,
                             @Schema(required = true, nullable = true, description = "The payment gateway's charge; null while the "
                                     + "payment is pending") String chargeId, long amount,
                             String currency, String idempotencyKey,
                             @Schema(required = true, nullable = true, description = "The order of the paid cart: its number and a "
                                     + "token for GET /orders/{number}; null while the payment is pending or the order is being made "
                                     + "(the same key again answers it once made)")
                             OrderReceipt order) {
}

package com.example.shop.cart.carts;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The outcome of a checkout: {@code payment} is {@code approved} (cart {@code complete}) or
 * {@code pending} (the gateway's answer is outstanding; the cart stays {@code pending} until the
 * stalled-checkout job resolves it): a {@link CheckoutState}. A decline is a 402 problem instead.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CheckoutResult(String cartId, String status, String payment, String chargeId, long amount,
                             String currency, String idempotencyKey) {
}

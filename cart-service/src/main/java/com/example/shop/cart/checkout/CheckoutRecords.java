package com.example.shop.cart.checkout;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** Bodies of POST /carts/{id}/checkout. */
public final class CheckoutRecords {

    private CheckoutRecords() {
    }

    public record CheckoutRequest(@NotNull @Valid Payment payment) {
    }

    /**
     * @param method   only {@code card} is accepted
     * @param simulate steers the {@code SimulatedPaymentGateway}: approve (default), decline, stall
     */
    public record Payment(@NotNull @Pattern(regexp = "^card$", message = "must be 'card'") String method,
                          Simulate simulate) {
    }

    public enum Simulate {
        @JsonProperty("approve") APPROVE,
        @JsonProperty("decline") DECLINE,
        @JsonProperty("stall") STALL;

        public String wire() {
            return name().toLowerCase();
        }
    }

    /**
     * The outcome of a checkout: {@code payment} is {@code approved} (cart {@code complete}) or
     * {@code pending} (the gateway's answer is outstanding; the cart stays {@code pending} until the
     * stalled-checkout job resolves it). A decline is a 402 problem instead.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record CheckoutResult(String cartId, String status, String payment, String chargeId, long amount,
                                 String currency, String idempotencyKey) {
    }
}

package com.example.shop.cart.carts;

import com.example.shop.web.WireName;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * How a checkout pays.
 *
 * @param method   only {@code card} is accepted
 * @param simulate steers the {@code SimulatedPaymentGateway}: approve (default), decline, stall
 */
public record Payment(@NotNull @Pattern(regexp = "^card$", message = "must be 'card'") String method,
                      Simulate simulate) {

    /** The outcome the simulated payment gateway is asked for; real gateways ignore it. */
    public enum Simulate implements WireName {
        @JsonProperty("approve") APPROVE,
        @JsonProperty("decline") DECLINE,
        @JsonProperty("stall") STALL;
    }
}

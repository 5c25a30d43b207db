package com.example.shop.cart.carts;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/** The body of POST /carts/{id}/checkout. */
public record CheckoutRequest(@NotNull @Valid Payment payment) {
}

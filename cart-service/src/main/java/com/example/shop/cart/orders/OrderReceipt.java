package com.example.shop.cart.orders;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a shopper keeps of an order: its number and a token that opens it ({@code GET /orders/{number}}
 * with {@code Order-Token}). Only the token's hash is stored, so each answer that carries the order
 * issues a token of its own.
 */
@Schema(name = "OrderReceipt")
public record OrderReceipt(
        @Schema(description = "The order's number, increasing from 100001") long number,
        @Schema(nullable = true, description = "The token for GET /orders/{number} (header Order-Token); null in an answer made for nobody")
        String token) {
}

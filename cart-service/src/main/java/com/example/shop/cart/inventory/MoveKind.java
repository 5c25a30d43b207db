package com.example.shop.cart.inventory;

import com.example.shop.web.WireName;

/**
 * What a unit move does, and so in which order it changes documents. The first document a move
 * changes is the one whose mark tells whether the move started at all. Stored in a move's {@code kind}
 * in lower case with dashes ({@code return-all}).
 */
public enum MoveKind implements WireName.Dashed {
    /** Available stock → the cart's reservation: the stock document first, then the reservation. */
    RESERVE(true),
    /** The cart's reservation → available stock: the reservation first, then the stock document. */
    RELEASE(false),
    /** The cart's reservation → sold: the reservation first, then the stock document. */
    SELL(false),
    /** Whole reservations of many carts (an expiry batch) → available: the reservations first, then each sku's stock. */
    RETURN_ALL(false),
    /** A cancelled order's sold units of one sku → available: the stock document only (no reservation holds them). */
    RETURN_SOLD(true),
    /** No units of its own: reservations to compare with their carts' claims (migrated ones). */
    RECONCILE(false);

    private final boolean stockFirst;

    MoveKind(boolean stockFirst) {
        this.stockFirst = stockFirst;
    }

    /** True when the stock document is changed first (and its mark says whether the move started). */
    boolean stockFirst() {
        return stockFirst;
    }
}

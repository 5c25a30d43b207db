package com.example.shop.catalog.search;

import java.util.Map;

/**
 * One variant of a listed product as the index reads it: its sku, its option values by option name,
 * the retail price it sells at, and whether the cart service last reported it sold out (the index
 * joins that in; the product feature hands every variant over as in stock). Retired variants are not
 * listed: they are no longer sold.
 */
public record ListedVariant(String sku, Map<String, String> options, long retail, boolean soldOut) {

    public ListedVariant withSoldOut(boolean soldOut) {
        return soldOut == this.soldOut ? this : new ListedVariant(sku, options, retail, soldOut);
    }
}

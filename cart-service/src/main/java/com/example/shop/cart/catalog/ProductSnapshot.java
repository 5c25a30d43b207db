package com.example.shop.cart.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a cart line copies from the catalog at add time: the variant that is sold under {@code sku}
 * and the product it belongs to ({@code product}, its key; the sku itself for a product without
 * options). {@code title} and {@code type} are the product's; {@code unitPrice} (minor units) and
 * {@code currency} the variant's effective retail; {@code options} its option values in the
 * product's order (empty without options). {@code maxPerCart} is the most units one cart may hold,
 * counted as {@code scope} says (null when the catalog does not say: only this service's own line
 * limit applies). A {@code retired} variant is no longer sold.
 */
public record ProductSnapshot(String sku, String product, String title, String type, long unitPrice, String currency,
                              Integer maxPerCart, LimitScope scope, Map<String, String> options, boolean retired) {

    public ProductSnapshot {
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** Whether the limit counts the units of all the product's variants in the cart together. */
    public boolean limitedPerProduct() {
        return maxPerCart != null && scope == LimitScope.PRODUCT;
    }
}

package com.example.shop.cart.carts;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartProblems;
import com.example.shop.cart.catalog.ProductSnapshot;

/**
 * The most units one line may hold: this service's own limit ({@code cart.limits.max-line-qty}),
 * lowered by the product's per-cart limit when the catalog gives one. A request for more than
 * the service's own limit is bad input (400 naming {@code qty}: no line could ever hold it); within
 * it, a line that would outgrow its product's limit is a 409 line-limit.
 */
final class LineLimits {

    private LineLimits() {
    }

    /** Refuses, before anything is read or written, a quantity above what any line may hold. */
    static void requireWithinServiceLimit(int qty, CartConfig config) {
        if (qty > config.limits().maxLineQty()) {
            throw CartProblems.quantityOverLineMax(config.limits().maxLineQty());
        }
    }

    /** The most units of the product one line may hold. */
    static int of(ProductSnapshot product, CartConfig config) {
        int own = config.limits().maxLineQty();
        return product.maxPerCart() == null ? own : Math.min(own, product.maxPerCart());
    }
}

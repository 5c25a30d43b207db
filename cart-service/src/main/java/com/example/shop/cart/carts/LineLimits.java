package com.example.shop.cart.carts;

import com.example.shop.cart.CartConfig;
import com.example.shop.cart.CartProblems;
import com.example.shop.cart.catalog.ProductSnapshot;
import com.example.shop.problems.ProblemException;

/**
 * The most units one line may hold: this service's own limit ({@code cart.limits.max-line-qty}),
 * lowered by the product's per-cart limit when the catalog gives one. A request for more than
 * the service's own limit is bad input (400 naming {@code qty}: no line could ever hold it); within
 * it, a line that would outgrow its product's limit is a 409 line-limit.
 *
 * <p>The product's limit counts what its type says ({@code max_per_cart_scope}): by default the
 * units of the line's variant alone; per product, the units of all the product's variants in the
 * cart, so a line may hold the limit less what the cart's other lines of the product hold. The
 * cart document holds those lines, so the count costs no read; since another line can change
 * meanwhile, a write under a per-product limit is guarded on the cart's version ({@link #guard}).
 */
record LineLimits(int maxLine, ProductSnapshot product, int others, boolean productBinds) {

    /** Refuses, before anything is read or written, a quantity above what any line may hold. */
    static void requireWithinServiceLimit(int qty, CartConfig config) {
        if (qty > config.limits().maxLineQty()) {
            throw CartProblems.quantityOverLineMax(config.limits().maxLineQty());
        }
    }

    /** The most units of the product's variant the cart's line may hold, given the cart's other lines. */
    static LineLimits of(ProductSnapshot product, StoredCart cart, CartConfig config) {
        int own = config.limits().maxLineQty();
        if (product.maxPerCart() == null) {
            return new LineLimits(own, product, 0, false);
        }
        if (!product.limitedPerProduct()) {
            return new LineLimits(Math.min(own, product.maxPerCart()), product, 0, false);
        }
        int others = cart.unitsOfOtherVariants(product.product(), product.sku());
        int left = Math.max(0, product.maxPerCart() - others);
        return new LineLimits(Math.min(own, left), product, others, left <= own);
    }

    /** Whether a line of {@code qty} units is within the limit. */
    boolean allows(long qty) {
        return qty <= maxLine;
    }

    /**
     * The version a write of the line must find the cart at, or null when the line's own quantity
     * is guard enough: a per-product limit depends on the other lines read with {@code cart}.
     */
    Long guard(StoredCart cart) {
        return product.limitedPerProduct() ? cart.version() : null;
    }

    /** The 409 line-limit of a line that would pass the limit: the product's, counted over its variants, when that is what binds. */
    ProblemException refusal() {
        if (productBinds) {
            return CartProblems.productLimit(product.sku(), product.product(), product.maxPerCart(), others);
        }
        return CartProblems.lineLimit(product.sku(), maxLine);
    }
}

package com.example.shop.cart.catalog;

import com.example.shop.web.WireName;

/**
 * What a product's {@code max_per_cart} counts, as its type says ({@code max_per_cart_scope}):
 * {@link #VARIANT} (the default) the units of one variant in the cart, {@link #PRODUCT} the units of
 * all the product's variants together (a drop of a tee limited to four, whatever the sizes).
 */
public enum LimitScope implements WireName {
    VARIANT,
    PRODUCT;
}

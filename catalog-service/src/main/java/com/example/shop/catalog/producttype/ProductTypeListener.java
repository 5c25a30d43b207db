package com.example.shop.catalog.producttype;

import java.util.List;

/**
 * Whoever keeps something made from the declared product types (the product feature: the products'
 * collection validator), told every type after each change: once the built-in types are in place at
 * start-up, and after each declaration. The product feature implements it, so this feature, which
 * products are checked against, never depends on products.
 */
public interface ProductTypeListener {

    /** Every declared type, after a change. Must not throw for a failure it can live with. */
    void typesChanged(List<ProductType> types);
}

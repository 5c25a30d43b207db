package com.example.shop.cart.carts;

import jakarta.inject.Singleton;
import java.util.Date;

/** POST /carts: a new, empty, active cart. {@code version} is bumped by every later write to the cart. */
@Singleton
public record CreateCart(CartsStore store) {

    public CartView create() {
        StoredCart cart = StoredCart.created(CartIds.next(), new Date());
        store.insert(cart);
        return CartView.of(cart);
    }
}

package com.example.shop.cart.carts;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Date;

/** POST /carts: a new, empty, active cart. {@code version} is bumped by every later write to the cart. */
@ApplicationScoped
public class CreateCart {

    private final CartsStore store;

    CreateCart(CartsStore store) {
        this.store = store;
    }

    public CartView create() {
        StoredCart cart = StoredCart.created(CartIds.next(), new Date());
        store.insert(cart);
        return CartView.of(cart);
    }
}

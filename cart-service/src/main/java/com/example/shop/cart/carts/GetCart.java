package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import jakarta.enterprise.context.ApplicationScoped;

/** GET /carts/{id}, and the read of a cart every other operation starts from. */
@ApplicationScoped
public class GetCart {

    private final CartsStore store;

    GetCart(CartsStore store) {
        this.store = store;
    }

    public CartView view(String cartId) {
        return CartView.of(require(cartId));
    }

    /** The cart, or a 404 problem. The id must already be validated. */
    StoredCart require(String cartId) {
        StoredCart cart = store.find(cartId);
        if (cart == null) {
            throw CartProblems.cartNotFound();
        }
        return cart;
    }
}

package com.example.shop.cart.carts;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;

/** GET /carts/{id}, and the read of a cart every other operation starts from. */
@Singleton
public record GetCart(CartsStore store) {

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

package com.example.shop.cart.carts;

import static com.mongodb.client.model.Filters.eq;

import com.example.shop.cart.CartProblems;
import com.mongodb.client.MongoCollection;
import jakarta.enterprise.context.ApplicationScoped;
import org.bson.Document;

/** GET /carts/{id}, and the read of a cart every other operation starts from. */
@ApplicationScoped
public class GetCart {

    private final MongoCollection<Document> carts;

    GetCart(CartsStore store) {
        this.carts = store.carts();
    }

    public CartView view(String cartId) {
        return StoredCart.view(require(cartId));
    }

    /** The cart, or a 404 problem. The id must already be validated. */
    Document require(String cartId) {
        Document cart = carts.find(eq("_id", cartId)).first();
        if (cart == null) {
            throw CartProblems.cartNotFound();
        }
        return cart;
    }
}

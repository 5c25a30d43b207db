package com.example.shop.cart.orders;

import com.example.shop.cart.inventory.Returns;
import jakarta.inject.Singleton;

/** What an order recorded of its returns, for the inventory cleanup (one read of the order). */
@Singleton
public record OrderReturns(OrdersStore store) implements Returns {

    @Override
    public boolean recorded(String orderId, String sku) {
        return store.returnRecorded(orderId, sku);
    }
}

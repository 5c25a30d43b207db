package com.example.shop.cart.orders;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * POST /admin/orders/{number}/fulfil: placed → fulfilled in one update guarded by the status, with
 * its history entry, then its {@code order.fulfilled} webhook event ({@link OrderEvents}). A fulfilled
 * order is answered as it is (and its event written if a dead request left it unwritten); a
 * cancelled one is a 409.
 */
@Singleton
public record FulfilOrder(OrdersStore store, GetOrder getOrder, OrderEvents events) {

    public OrderView fulfil(long number) {
        for (int round = 0; round < 3; round++) {
            StoredOrder order = getOrder.require(number);
            switch (order.status()) {
                case CANCELLED -> throw CartProblems.orderCancelled(number);
                case FULFILLED -> {
                    events.announce(order);
                    return OrderView.of(order);
                }
                case PLACED -> {
                    StoredOrder fulfilled = store.fulfil(order.id(), Instant.now());
                    if (fulfilled != null) {
                        events.announce(fulfilled);
                        return OrderView.of(fulfilled);
                    }
                }
            }
        }
        throw new IllegalStateException("order " + number + " kept changing");
    }
}

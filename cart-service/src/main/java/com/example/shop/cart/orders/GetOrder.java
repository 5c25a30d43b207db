package com.example.shop.cart.orders;

import com.example.shop.cart.CartProblems;
import jakarta.inject.Singleton;
import java.util.regex.Pattern;

/**
 * GET /orders/{number} (the shopper, with the order's token) and GET /admin/orders/{number}; the read
 * by number every other operation on an order starts from.
 */
@Singleton
public record GetOrder(OrdersStore store) {

    private static final Pattern NUMBER = Pattern.compile("^[1-9][0-9]{0,17}$");

    /** The order number in a path, or a 400 naming {@code number}. */
    public static long number(String given) {
        if (given == null || !NUMBER.matcher(given).matches()) {
            throw CartProblems.malformedOrderNumber();
        }
        return Long.parseLong(given);
    }

    /** The order, if {@code token} opens it; a 404 otherwise, the same as for a number that is no order's. */
    public OrderView forShopper(long number, String token) {
        StoredOrder order = store.withNumber(number);
        if (order == null || !OrderTokens.opens(token, order.tokenHashes())) {
            throw CartProblems.orderNotFound();
        }
        return OrderView.of(order);
    }

    public OrderView forAdmin(long number) {
        return OrderView.of(require(number));
    }

    /** The order, or a 404 problem. */
    StoredOrder require(long number) {
        StoredOrder order = store.withNumber(number);
        if (order == null) {
            throw CartProblems.orderNotFound();
        }
        return order;
    }
}

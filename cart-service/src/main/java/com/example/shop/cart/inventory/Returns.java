package com.example.shop.cart.inventory;

/**
 * What an order recorded of the returns of its sold units, for the inventory cleanup: the orders
 * feature implements it, so that inventory need not know orders. A return's move may be settled only
 * once its order recorded it; before that, the order's cancel finishes it (see docs/design.md, Orders).
 */
public interface Returns {

    /** Whether the order recorded the return of its line of the sku (so the return's move is done). */
    boolean recorded(String orderId, String sku);
}

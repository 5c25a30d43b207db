package com.example.shop.cart.orders;

import com.example.shop.web.WireName;

/** What the payment gateway said of a cancelled order's refund, stored and shown in lower case. */
public enum RefundState implements WireName {
    REFUNDED,
    /** The gateway refused: the money is still with the shop, for an operator to pay back. */
    DECLINED;
}

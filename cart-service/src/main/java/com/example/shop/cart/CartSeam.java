package com.example.shop.cart;

import com.example.shop.web.seams.Seam;

/**
 * The cart service's test seams, reached through web-support's {@code Seams} (a no-op in
 * production): the places between two writes of a multi-document operation, where a process that
 * dies leaves work for the jobs, and the place where a concurrent write can race the stock import.
 * See docs/design.md, Test seams.
 */
public enum CartSeam implements Seam {
    /** A move of units journalled, no unit moved yet. */
    AFTER_JOURNAL,
    /** Add/increase: units taken from available stock, the cart's reservation not yet grown. */
    AFTER_TAKE,
    /** Add/increase: the cart's reservation grown, the cart not yet updated. */
    AFTER_RESERVE,
    /** Decrease/remove: cart line reduced, the reservation not yet reduced. */
    AFTER_CART_RELEASE,
    /** Decrease/remove/sale/expiry: the reservation reduced, the stock document not yet credited. */
    AFTER_UNHOLD,
    /** Checkout: the payment approved, the cart still pending. */
    AFTER_CHARGE,
    /** Checkout: cart marked complete, reservations not yet turned into sales. */
    AFTER_COMPLETE,
    /** Checkout: every line sold, the order not yet made. */
    AFTER_SALE,
    /** Checkout: the order's number taken, the order not yet written. */
    AFTER_ORDER_NUMBER,
    /** Checkout: the order written, the cart not yet settled. */
    AFTER_ORDER,
    /** An order's status written (placed, cancelled, fulfilled), its webhook event not yet in the outbox (context: the order number). */
    ORDER_CHANGED,
    /** Cancel: the order marked cancelled, no unit returned yet. */
    AFTER_CANCEL,
    /** Cancel: a line's units back in available stock, the order not yet recording it. */
    AFTER_RETURN_TO_STOCK,
    /** Cancel: every line's units returned, the refund not yet asked for. */
    BEFORE_REFUND,
    /** Cancel: refunded by the payment gateway, the refund not yet recorded on the order. */
    AFTER_REFUND,
    /** Every unit moved and the cart written, the move not yet settled (its marks and journal entry remain). */
    BEFORE_SETTLE,
    /** The cleanup finishing a release or sale: the reservation's mark read, the stock not yet credited. */
    CLEANUP_AFTER_READING_MARK,
    /** A stock import's round: its batch's stock read, its bulk write not yet sent (context: the skus to write). */
    STOCK_IMPORT_BEFORE_WRITE,
    /** The webhook sender's fan-out: an event's deliveries written, the event not yet marked fanned out (context: the event id). */
    WEBHOOK_FANNED_OUT,
    /** The webhook sender: a delivery claimed, its request not yet sent (context: the delivery id). */
    WEBHOOK_CLAIMED,
    /** The webhook sender: the receiver answered, the answer not yet recorded (context: the delivery id). */
    WEBHOOK_ANSWERED
}

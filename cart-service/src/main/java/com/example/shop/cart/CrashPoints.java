package com.example.shop.cart;

/**
 * Called between the document writes of a multi-document operation, where a process that dies
 * leaves work for the jobs. The production bean ({@link NoCrashPoints}) does nothing; the test
 * sources provide a bean that replaces it and can throw at a point to simulate the process dying
 * there (the request fails and its later writes never run). Production code cannot arm it.
 */
public interface CrashPoints {

    void reached(CrashPoint point);

    /** The places between two writes. */
    enum CrashPoint {
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
        /** Checkout: cart marked complete, reservations not yet turned into sales. */
        AFTER_COMPLETE,
        /** Every unit moved and the cart written, the move not yet settled (its marks and journal entry remain). */
        BEFORE_SETTLE,
        /** The cleanup finishing a release or sale: the reservation's mark read, the stock not yet credited. */
        CLEANUP_AFTER_READING_MARK
    }
}

package com.example.shop.cart.carts;

/**
 * Called between the two document writes of a multi-document operation, where a process that dies
 * leaves work for the jobs. The production bean ({@link NoCrashPoints}) does nothing; the test
 * sources provide a bean that replaces it and can throw at a point to simulate the process dying
 * there (the request fails and its second write never runs). Production code cannot arm it.
 */
public interface CrashPoints {

    void reached(CrashPoint point);

    /** The places between two writes. */
    enum CrashPoint {
        /** Add/increase: inventory reserved, cart not yet updated. */
        AFTER_RESERVE,
        /** Decrease/remove: cart line reduced, stock not yet returned. */
        AFTER_CART_RELEASE,
        /** Checkout: cart marked complete, reservations not yet turned into sales. */
        AFTER_COMPLETE
    }
}

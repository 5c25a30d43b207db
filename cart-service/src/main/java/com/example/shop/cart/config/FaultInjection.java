package com.example.shop.cart.config;

import jakarta.inject.Singleton;

/**
 * Crash points between the two document writes of a multi-document operation. Disarmed in
 * production: nothing sets it but test code, which arms one point for exactly one request to
 * simulate a process dying halfway (the request fails with a 500 and the second write never runs).
 */
@Singleton
public class FaultInjection {

    public enum Point {
        /** Add/increase: inventory reserved, cart not yet updated. */
        AFTER_RESERVE,
        /** Decrease/remove: cart line reduced, stock not yet returned. */
        AFTER_CART_RELEASE,
        /** Checkout: cart marked complete, reservations not yet turned into sales. */
        AFTER_COMPLETE
    }

    private volatile Point armed;

    public void arm(Point point) {
        armed = point;
    }

    public void disarm() {
        armed = null;
    }

    public void at(Point point) {
        if (armed == point) {
            synchronized (this) {
                if (armed == point) {
                    armed = null;
                    throw new InjectedFault(point);
                }
            }
        }
    }

    public static final class InjectedFault extends RuntimeException {
        InjectedFault(Point point) {
            super("Injected fault at " + point);
        }
    }
}

package com.example.shop.cart;

import com.example.shop.testsupport.architecture.ServiceShape;
import org.junit.jupiter.api.Test;

/**
 * The cart service keeps the shape every service has (docs/design.md), the root knowing no feature
 * and the features free of cycles included: carts use inventory (reservations), catalog and payment;
 * jobs run the carts' and the inventory's jobs; inventory learns what carts claim through an
 * interface the carts feature implements ({@code inventory.Claims}). No feature reaches back into one
 * that uses it. Its stored documents stay behind the stores, as in every service.
 */
class ArchitectureTest {

    private static final ServiceShape SHAPE = ServiceShape.of("cart");

    @Test
    void hasTheShapeOfEveryService() {
        SHAPE.check();
    }
}

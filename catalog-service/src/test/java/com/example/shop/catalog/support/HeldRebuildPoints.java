package com.example.shop.catalog.support;

import com.example.shop.catalog.search.lifecycle.RebuildPoints;
import com.example.shop.testsupport.Hold;
import com.example.shop.testsupport.HoldAtCount;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

/**
 * Replaces the no-op rebuild points in the tests: armed ({@link #holdNextRebuildAfter}), it holds the
 * next rebuild once it has scanned that many products, until the test releases it, so that the test
 * can write during a rebuild. Disarmed after one hold.
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class HeldRebuildPoints implements RebuildPoints {

    private static final HoldAtCount SCANNED = new HoldAtCount();

    /** Holds the next rebuild after it has scanned {@code after} products, until {@link Hold#release}. */
    public static Hold holdNextRebuildAfter(long after) {
        return SCANNED.arm(after);
    }

    @Override
    public void scanned(long products) {
        SCANNED.reached(products);
    }
}

package com.example.shop.category.support;

import com.example.shop.category.categories.MoveStep;

/**
 * Stops a change dead at a step, as if its process had died there ({@link ArmedCheckpoints} throws
 * it after handing the tree lock to the dead process). Without a stack trace: it is expected.
 */
public class SimulatedCrash extends RuntimeException {

    public SimulatedCrash(MoveStep step) {
        super("process died at " + step + " (simulated by a test)", null, false, false);
    }
}

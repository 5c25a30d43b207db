package com.example.shop.category.support;

import com.example.shop.web.seams.Seam;

/**
 * Stops a change dead at a step, as if its process had died there ({@link ArmedSeams} throws
 * it after handing the tree lease to the dead process). Without a stack trace: it is expected.
 */
public class SimulatedCrash extends RuntimeException {

    public SimulatedCrash(Seam seam) {
        super("process died at " + seam.name() + " (simulated by a test)", null, false, false);
    }
}

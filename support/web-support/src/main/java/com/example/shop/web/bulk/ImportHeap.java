package com.example.shop.web.bulk;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.jboss.logging.Logger;

/**
 * The heap's room while an import runs. The services keep the old generation close to what is live
 * (small {@code MinHeapFreeRatio}/{@code MaxHeapFreeRatio}, see {@code ./platform}), so that memory
 * goes back after a spike. An import promotes each batch in flight (its documents, the search index's
 * buffers), and with so little room every few megabytes promoted cost a full collection. A run
 * therefore widens both ratios (manageable flags) while it lasts, and once the last run is over
 * puts them back and collects once, which gives the room back.
 */
final class ImportHeap {

    private static final Logger LOG = Logger.getLogger(ImportHeap.class);
    private static final String MIN = "MinHeapFreeRatio";
    private static final String MAX = "MaxHeapFreeRatio";

    private final int minFree;
    private final int maxFree;
    private int runs;
    private String restoreMin;
    private String restoreMax;

    /** {@code minFree} 0: runs leave the heap's settings alone. */
    ImportHeap(int minFree, int maxFree) {
        this.minFree = minFree;
        this.maxFree = maxFree;
    }

    synchronized void runStarting() {
        if (minFree == 0 || runs++ > 0) {
            return;
        }
        try {
            HotSpotDiagnosticMXBean vm = vm();
            restoreMin = vm.getVMOption(MIN).getValue();
            restoreMax = vm.getVMOption(MAX).getValue();
            if (Integer.parseInt(restoreMin) >= minFree) {
                restoreMin = null; // already as wide
                return;
            }
            vm.setVMOption(MAX, String.valueOf(Math.max(maxFree, Integer.parseInt(restoreMax)))); // Max first: Min ≤ Max always
            vm.setVMOption(MIN, String.valueOf(minFree));
        } catch (RuntimeException e) {
            restoreMin = null;
            LOG.debugf("The heap's free ratios stay as they are during the import (%s)", e.toString());
        }
    }

    synchronized void runOver() {
        if (minFree == 0 || --runs > 0 || restoreMin == null) {
            return;
        }
        try {
            HotSpotDiagnosticMXBean vm = vm();
            vm.setVMOption(MIN, restoreMin); // Min first: Min ≤ Max always
            vm.setVMOption(MAX, restoreMax);
        } catch (RuntimeException e) {
            LOG.warnf("The heap's free ratios could not be put back after the import (%s)", e.toString());
        } finally {
            restoreMin = null;
        }
        System.gc(); // the serial collector gives memory back only at a full collection
    }

    private static HotSpotDiagnosticMXBean vm() {
        return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    }
}

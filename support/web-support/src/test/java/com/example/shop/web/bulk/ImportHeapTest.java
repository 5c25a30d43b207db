package com.example.shop.web.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The heap's free ratios during an import, on this test's own JVM (its flags are manageable). */
class ImportHeapTest {

    private static final HotSpotDiagnosticMXBean VM = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

    private String min;
    private String max;

    @BeforeEach
    void keepTheJvmsRatios() {
        min = flag("MinHeapFreeRatio");
        max = flag("MaxHeapFreeRatio");
    }

    @AfterEach
    void putTheJvmsRatiosBack() {
        VM.setVMOption("MinHeapFreeRatio", "0"); // any Max is allowed above 0
        VM.setVMOption("MaxHeapFreeRatio", max);
        VM.setVMOption("MinHeapFreeRatio", min);
    }

    @Test
    void runsWidenTheFreeRatiosAndTheLastOnePutsThemBack() {
        VM.setVMOption("MinHeapFreeRatio", "20");
        VM.setVMOption("MaxHeapFreeRatio", "40");
        ImportHeap heap = new ImportHeap(60, 90);
        heap.runStarting();
        heap.runStarting(); // a second run at once
        assertEquals("60", flag("MinHeapFreeRatio"));
        assertEquals("90", flag("MaxHeapFreeRatio"));
        heap.runOver();
        assertEquals("60", flag("MinHeapFreeRatio"), "one run still going");
        heap.runOver();
        assertEquals("20", flag("MinHeapFreeRatio"));
        assertEquals("40", flag("MaxHeapFreeRatio"));
    }

    @Test
    void aHeapAlreadyAsWideOrASettingOfZeroIsLeftAlone() {
        VM.setVMOption("MaxHeapFreeRatio", "95");
        VM.setVMOption("MinHeapFreeRatio", "70");
        ImportHeap heap = new ImportHeap(60, 90);
        heap.runStarting();
        assertEquals("70", flag("MinHeapFreeRatio"));
        assertEquals("95", flag("MaxHeapFreeRatio"));
        heap.runOver();
        assertEquals("70", flag("MinHeapFreeRatio"));

        ImportHeap off = new ImportHeap(0, 90);
        VM.setVMOption("MinHeapFreeRatio", "20");
        off.runStarting();
        assertEquals("20", flag("MinHeapFreeRatio"));
        off.runOver();
    }

    private static String flag(String name) {
        return VM.getVMOption(name).getValue();
    }
}

package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A shopper refused a size goes to one that still has units, and waits when none has. */
class DropSkusTest {

    private final DropSkus sizes = new DropSkus(new Api("http://127.0.0.1:9", null, Duration.ofSeconds(1), 1), List.of("S", "M", "L"), 500);

    @Test
    void aRefusedSizeSendsTheShopperToAnotherWithUnitsUntilNoneHas() {
        sizes.sawAvailable(0, 0);
        sizes.sawAvailable(1, 0);
        assertEquals(2, sizes.otherWithUnits(0));
        assertEquals(2, sizes.pick());
        sizes.sawAvailable(2, 0);
        assertEquals(-1, sizes.otherWithUnits(2));
        sizes.added(1); // units came back to M
        assertEquals(1, sizes.otherWithUnits(2));
    }

    @Test
    void withEverySizeEmptyButNotSoldOutAnyOfThemIsPicked() {
        for (int i = 0; i < 3; i++) {
            sizes.sawAvailable(i, 0);
        }
        for (int n = 0; n < 20; n++) {
            int picked = sizes.pick();
            assertTrue(picked >= 0 && picked < 3, "picked " + picked);
        }
    }
}

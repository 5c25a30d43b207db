package com.example.shop.catalog.search.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which writes of this replica overlapped another of the same sku, and that nothing is kept once they are over. */
class SkusInFlightTest {

    private final SkusInFlight inFlight = new SkusInFlight();

    @Test
    void aWriteAloneOverlapsNothing() {
        SkusInFlight.Claim alone = inFlight.claim(List.of("a", "b"));
        assertEquals(Set.of(), alone.overlapped());
        alone.release();
        SkusInFlight.Claim after = inFlight.claim(List.of("a"));
        assertEquals(Set.of(), after.overlapped(), "a write that began after the other was over does not overlap it");
        after.release();
        assertEquals(0, inFlight.skusOpen());
    }

    @Test
    void writesOfOneSkuThatOverlapMarkEachOtherOnThatSkuOnly() {
        SkusInFlight.Claim first = inFlight.claim(List.of("a", "b"));
        SkusInFlight.Claim second = inFlight.claim(List.of("b", "c"));
        assertEquals(Set.of("b"), first.overlapped(), "the first learns of the second");
        assertEquals(Set.of("b"), second.overlapped());
        second.release();
        assertEquals(Set.of("b"), first.overlapped(), "the mark stays for the write's whole life");
        SkusInFlight.Claim third = inFlight.claim(List.of("c"));
        assertEquals(Set.of(), third.overlapped(), "the second is over");
        first.release();
        third.release();
        assertEquals(0, inFlight.skusOpen());
    }

    @Test
    void aReleaseTwiceAndASkuTwiceInOneWriteKeepTheCountRight() {
        SkusInFlight.Claim one = inFlight.claim(List.of("a", "a"));
        assertEquals(Set.of(), one.overlapped(), "a batch naming a sku twice does not overlap itself");
        SkusInFlight.Claim other = inFlight.claim(List.of("a"));
        one.release();
        one.release();
        assertEquals(1, inFlight.skusOpen(), "the other write still holds the sku");
        other.release();
        assertEquals(0, inFlight.skusOpen());
    }
}

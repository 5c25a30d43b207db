package com.example.shop.catalog.search.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The price facet's buckets, from their configured bounds. */
class PriceBucketsTest {

    @Test
    void priceBucketsMustRise() {
        assertThrows(IllegalArgumentException.class, () -> PriceBuckets.of(List.of(1000L, 500L)));
        assertThrows(IllegalArgumentException.class, () -> PriceBuckets.of(List.of(-5L)));
        assertEquals("1000-", PriceBuckets.of(List.of(1000L)).get(1).toString());
    }
}

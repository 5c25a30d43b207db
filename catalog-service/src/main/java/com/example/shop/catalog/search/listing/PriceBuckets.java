package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.CatalogConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.facet.range.LongRange;

/**
 * The buckets of the {@code price} facet, from {@code catalog.search.price-buckets}: bounds in minor
 * units, each bucket from one bound (included) to the next (excluded), the first from 0 and the last
 * open-ended. Bounds that are negative or do not rise stop the start-up with a message naming the key.
 */
@Startup // a bad setting stops the start-up, not the first listing
@ApplicationScoped
class PriceBuckets {

    static final String KEY = "catalog.search.price-buckets";

    private final List<PriceRange> buckets;

    PriceBuckets(CatalogConfig config) {
        this.buckets = of(config.search().priceBuckets());
    }

    static List<PriceRange> of(List<Long> bounds) {
        List<PriceRange> buckets = new ArrayList<>(bounds.size() + 1);
        long from = 0;
        for (long bound : bounds) {
            if (bound <= from) {
                throw new IllegalArgumentException(KEY + " must be positive and strictly rising (minor units), not " + bounds);
            }
            buckets.add(new PriceRange(from, bound));
            from = bound;
        }
        buckets.add(new PriceRange(from, null));
        return List.copyOf(buckets);
    }

    List<PriceRange> all() {
        return buckets;
    }

    /** The buckets as Lucene ranges over the retail price, labelled as the {@code price} parameter writes them. */
    LongRange[] ranges() {
        return buckets.stream().map(b -> new LongRange(b.toString(), b.min(), true,
                b.max() == null ? Long.MAX_VALUE : b.max(), b.max() == null)).toArray(LongRange[]::new);
    }
}

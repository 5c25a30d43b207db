package com.example.shop.catalog.search.listing;

import com.example.shop.problems.Problems;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A price range in minor units of {@code pricing.retail}, from {@code min} (included) to {@code max}
 * (excluded; null: no upper bound), written {@code min-max} or {@code min-} as the {@code price}
 * facet names its buckets, so that a shopper picks a bucket by sending it back.
 */
public record PriceRange(long min, Long max) {

    private static final Pattern FORM = Pattern.compile("(\\d{1,13})-(\\d{1,13})?");

    /** Reads one {@code price} value; anything else (a negative bound, an empty range, text) is a 400 naming {@code price}. */
    public static PriceRange parse(String value) {
        Matcher m = FORM.matcher(value);
        if (!m.matches()) {
            throw Problems.invalidField("price", "Query parameter 'price' must be a range of minor units 'min-max' or "
                    + "'min-' with non-negative integers (e.g. 1000-2500), not '"
                    + Problems.excerpt(value) + "'");
        }
        long min = Long.parseLong(m.group(1));
        Long max = m.group(2) == null ? null : Long.parseLong(m.group(2));
        if (max != null && max <= min) {
            throw Problems.invalidField("price", "Query parameter 'price': the upper bound must be above the lower one");
        }
        return new PriceRange(min, max);
    }

    @Override
    public String toString() {
        return min + "-" + (max == null ? "" : max);
    }
}

package com.example.shop.catalog.search.feed;

import java.util.Collection;
import java.util.Set;

/**
 * The skus the cart service last reported sold out, as MongoDB holds them now: what the index joins
 * to each product it indexes. The availability feature records the reports and implements this, so
 * that the write path reads them without depending on the feature that writes them.
 */
public interface AvailabilitySource {

    /** Which of these skus are sold out now. */
    Set<String> soldOut(Collection<String> skus);

    /** Every sku sold out now (a build reads them once, before its scan). */
    Set<String> allSoldOut();
}

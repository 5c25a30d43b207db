package com.example.shop.catalog.search.listing;

import com.example.shop.problems.Problems;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The orders a product list can have; every one ends with {@code sku} ascending as a tie-break.
 * {@code field} is the stored field MongoDB sorted on ({@link ListingSort} gives the index's).
 */
public enum ProductSort {
    SKU(null, "sku", 1, false),
    PCT_SAVINGS_DESC("-pct_savings", "pricing.pct_savings", -1, false),
    ISSUE_DATE_DESC("-issue_date", "details.issue_date", -1, true),
    TITLE("title", "title", 1, false),
    PRICE("price", "pricing.retail", 1, false),
    PRICE_DESC("-price", "pricing.retail", -1, false),
    /** By the {@code q} search's score, best first: the default order when {@code q} is given. */
    RELEVANCE("relevance", null, -1, false);

    /** The value of the {@code sort} query parameter; null for the default order without {@code q}. */
    final String parameter;
    /** The stored field sorted on. */
    final String field;
    final int direction;
    /** Whether products may lack the field (they come last in a descending order). */
    final boolean nullable;

    ProductSort(String parameter, String field, int direction, boolean nullable) {
        this.parameter = parameter;
        this.field = field;
        this.direction = direction;
        this.nullable = nullable;
    }

    public static final String ALLOWED = "-pct_savings, -issue_date, title, price, -price, relevance (with q)";

    public static ProductSort fromParameter(String value) {
        if (value == null) {
            return SKU;
        }
        return Arrays.stream(values()).filter(s -> value.equals(s.parameter)).findFirst()
                .orElseThrow(() -> Problems.invalidField("sort", "Unknown sort '" + Problems.excerpt(value) + "'; allowed: "
                        + Arrays.stream(values()).filter(s -> s.parameter != null).map(s -> s.parameter)
                        .collect(Collectors.joining(", "))));
    }
}

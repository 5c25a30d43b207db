package com.example.shop.catalog.search;

import java.util.List;
import java.util.Map;

/**
 * A product as a listing shows it, handed over by the product feature ({@link ProductSource}): the
 * typed values the index takes its fields from ({@code details} as stored: dates as
 * {@link java.util.Date}; {@code retail} and {@code pctSavings} of its pricing; {@code version} 0 when
 * it has none), and the JSON a page holds for it (the product feature's view of it, with the per-cart
 * limit in force), written once when the product is written or indexed rather than on every read.
 * {@code soldOut}: whether the cart service last reported the sku sold out (the feed's {@code AvailabilitySource});
 * the index joins it in, the product feature never sets it. {@code variants}: the variants on sale,
 * never empty (a product without options lists itself as its one variant).
 */
public record ListedProduct(String sku, long version, String type, String title, String description,
                            List<String> categoryIds, Map<String, Object> details, List<String> keywords, long retail,
                            long pctSavings, String json, boolean soldOut, List<ListedVariant> variants) {

    /** A product as the product feature hands it over, before the index joins in its availability. */
    public ListedProduct(String sku, long version, String type, String title, String description, List<String> categoryIds,
                         Map<String, Object> details, List<String> keywords, long retail, long pctSavings, String json,
                         List<ListedVariant> variants) {
        this(sku, version, type, title, description, categoryIds, details, keywords, retail, pctSavings, json, false,
                variants);
    }

    /** A product without options, as the product feature hands it over: its one variant is itself. */
    public ListedProduct(String sku, long version, String type, String title, String description, List<String> categoryIds,
                         Map<String, Object> details, List<String> keywords, long retail, long pctSavings, String json) {
        this(sku, version, type, title, description, categoryIds, details, keywords, retail, pctSavings, json,
                List.of(new ListedVariant(sku, Map.of(), retail, false)));
    }

    public ListedProduct withSoldOut(boolean soldOut) {
        return soldOut == this.soldOut ? this : new ListedProduct(sku, version, type, title, description, categoryIds,
                details, keywords, retail, pctSavings, json, soldOut, variants);
    }
}

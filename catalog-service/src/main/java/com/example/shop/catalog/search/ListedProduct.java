package com.example.shop.catalog.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A product as a listing shows it, handed over by the product feature ({@link ProductSource}): the
 * typed values the index takes its fields from ({@code details} as stored: dates as
 * {@link java.util.Date}; {@code retail} and {@code pctSavings} of its pricing; {@code version} 0 when
 * it has none), and the JSON a page holds for it (the product feature's view of it, with the per-cart
 * limit in force), written once when the product is written or indexed rather than on every read.
 * {@code soldOut}: whether the cart service last reported every listed variant sold out (the feed's
 * {@code AvailabilitySource}, per variant sku: {@link #withAvailability}); the index joins it in, the product
 * feature never sets it. {@code variants}: the variants on sale,
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

    /**
     * The product with each variant's availability as the cart service last reported it
     * ({@code soldOutSkus}: the sold-out skus, a superset is fine): sold out as a whole when no variant
     * is in stock, so that a product without options is sold out exactly when its sku is.
     */
    public ListedProduct withAvailability(Set<String> soldOutSkus) {
        List<ListedVariant> joined = new ArrayList<>(variants.size());
        boolean allSoldOut = true;
        for (ListedVariant variant : variants) {
            boolean soldOut = soldOutSkus.contains(variant.sku());
            joined.add(variant.withSoldOut(soldOut));
            allSoldOut &= soldOut;
        }
        return new ListedProduct(sku, version, type, title, description, categoryIds, details, keywords, retail,
                pctSavings, json, allSoldOut, List.copyOf(joined));
    }

    /** The skus of the listed variants: what the product's availability is read for. */
    public List<String> variantSkus() {
        return variants.stream().map(ListedVariant::sku).toList();
    }

    /** Whether this product holds any of {@code skus}, as its key or a listed variant's sku. */
    public boolean holdsAny(Set<String> skus) {
        return skus.contains(sku) || variants.stream().anyMatch(variant -> skus.contains(variant.sku()));
    }

    public ListedProduct withSoldOut(boolean soldOut) {
        return soldOut == this.soldOut ? this : new ListedProduct(sku, version, type, title, description, categoryIds,
                details, keywords, retail, pctSavings, json, soldOut, variants);
    }
}

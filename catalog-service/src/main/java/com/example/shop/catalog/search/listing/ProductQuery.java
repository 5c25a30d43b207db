package com.example.shop.catalog.search.listing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A product listing as the storefront asks it: every filter optional, combined with AND; within
 * {@code types}, {@code genres} and {@code prices}, several values mean any of them (multi-select).
 * The {@code category} slug is resolved to category ids when the listing runs; {@code keyword} is
 * already normalized. {@code text} is the {@code q} search. {@code facets} asks for counts beside
 * the page; it changes no item, so it is not part of the fingerprint.
 */
public record ProductQuery(List<String> types, List<String> genres, String actor, Integer minSavingsPct, String title,
                           String titlePrefix, String keyword, String category, List<PriceRange> prices, String text,
                           ProductSort sort, int limit, String cursor, Set<Facet> facets, Boolean inStock,
                           Map<String, List<String>> options, Set<String> optionFacets) {

    /**
     * The options a listing filters and counts by, each a query parameter of its name: those the
     * built-in product types declare (Apparel's size and colour, Audio Album's format). A fixed set,
     * since every query parameter of the listing is declared (the platform refuses any other, so that
     * a typo is a 400, not a silent list of everything): a type declaring another option adds it here.
     */
    public static final List<String> OPTIONS = List.of("size", "colour", "format");

    public ProductQuery {
        types = List.copyOf(types);
        genres = List.copyOf(genres);
        prices = List.copyOf(prices);
        facets = Set.copyOf(facets);
        Map<String, List<String>> sortedOptions = new TreeMap<>();
        options.forEach((name, values) -> sortedOptions.put(name, List.copyOf(values)));
        options = Collections.unmodifiableMap(sortedOptions);
        optionFacets = Collections.unmodifiableSet(new TreeSet<>(optionFacets));
    }

    /** Without option filters or option facets: a listing of the parameters before variants. */
    public ProductQuery(List<String> types, List<String> genres, String actor, Integer minSavingsPct, String title,
                        String titlePrefix, String keyword, String category, List<PriceRange> prices, String text,
                        ProductSort sort, int limit, String cursor, Set<Facet> facets, Boolean inStock) {
        this(types, genres, actor, minSavingsPct, title, titlePrefix, keyword, category, prices, text, sort, limit, cursor,
                facets, inStock, Map.of(), Set.of());
    }

    /** Without {@code inStock}: sold-out products listed too. */
    public ProductQuery(List<String> types, List<String> genres, String actor, Integer minSavingsPct, String title,
                        String titlePrefix, String keyword, String category, List<PriceRange> prices, String text,
                        ProductSort sort, int limit, String cursor, Set<Facet> facets) {
        this(types, genres, actor, minSavingsPct, title, titlePrefix, keyword, category, prices, text, sort, limit, cursor,
                facets, null);
    }

    /**
     * Identifies the filters and the order, so that a cursor is only accepted for the query it came
     * from. A query of the parameters of the first version hashes as it did then (one type, one
     * genre as plain values), so its cursors stay valid; only a keyword given in capitals hashes
     * otherwise, since it is now hashed lower-cased, as it is matched.
     */
    int fingerprint() {
        int hash = Objects.hash(one(types), one(genres), actor, minSavingsPct, title, titlePrefix, keyword, category,
                sort.name());
        if (!prices.isEmpty()) {
            hash = 31 * hash + sorted(prices.stream().map(PriceRange::toString).toList()).hashCode();
        }
        if (text != null) {
            hash = 31 * hash + text.hashCode();
        }
        if (inStock != null) {
            hash = 31 * hash + (inStock ? 0x1175 : 0x5010);
        }
        if (!options.isEmpty()) {
            Map<String, List<String>> sortedValues = new TreeMap<>();
            options.forEach((name, values) -> sortedValues.put(name, sorted(values)));
            hash = 31 * hash + sortedValues.hashCode();
        }
        return hash;
    }

    private static Object one(List<String> values) {
        return values.isEmpty() ? null : values.size() == 1 ? values.get(0) : sorted(values);
    }

    private static List<String> sorted(List<String> values) {
        List<String> copy = new ArrayList<>(values);
        copy.sort(null);
        return copy;
    }
}

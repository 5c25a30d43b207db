package com.example.shop.catalog.search;

import com.example.shop.problems.Problems;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The counts a listing can show beside its page ({@code facets=type,genre,price,category,availability}). */
public enum Facet {
    TYPE, GENRE, PRICE, CATEGORY, AVAILABILITY;

    /** The name in {@code facets} and in the answer. */
    String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads {@code facets}: any subset, comma-separated; an unknown name is a 400 naming {@code facets}. */
    public static Set<Facet> parse(String value) {
        Set<Facet> facets = EnumSet.noneOf(Facet.class);
        if (value == null) {
            return facets;
        }
        for (String name : value.split(",", -1)) {
            Facet facet = Arrays.stream(values()).filter(f -> f.key().equals(name.strip())).findFirst()
                    .orElseThrow(() -> Problems.invalidField("facets", "Unknown facet '"
                            + (name.length() > 40 ? name.substring(0, 40) + "…" : name) + "'; allowed: "
                            + Arrays.stream(values()).map(Facet::key).collect(Collectors.joining(", "))));
            facets.add(facet);
        }
        return facets;
    }
}

package com.example.shop.catalog.search.listing;

import com.example.shop.problems.Problems;
import com.example.shop.web.WireName;
import java.util.EnumSet;
import java.util.Set;

/** The counts a listing can show beside its page ({@code facets=type,genre,price,category,availability}). */
public enum Facet implements WireName {
    TYPE, GENRE, PRICE, CATEGORY, AVAILABILITY;

    /** What {@code facets} asks for: these facets, and the options (by name) counted under {@code options}. */
    public record Asked(Set<Facet> facets, Set<String> options) {
    }

    /**
     * Reads {@code facets} when option facets may be asked for: a name that is not one of these is an
     * option's ({@code facets=size,colour}), which the listing checks against the options products have.
     */
    public static Asked read(String value) {
        Set<Facet> facets = EnumSet.noneOf(Facet.class);
        Set<String> options = new java.util.TreeSet<>();
        if (value != null) {
            for (String name : value.split(",", -1)) {
                String stripped = name.strip();
                WireName.find(Facet.class, stripped).ifPresentOrElse(facets::add, () -> options.add(stripped));
            }
        }
        return new Asked(facets, options);
    }

    /** Reads {@code facets}: any subset, comma-separated; an unknown name is a 400 naming {@code facets}. */
    public static Set<Facet> parse(String value) {
        Set<Facet> facets = EnumSet.noneOf(Facet.class);
        if (value == null) {
            return facets;
        }
        for (String name : value.split(",", -1)) {
            Facet facet = WireName.find(Facet.class, name.strip()).orElseThrow(() -> Problems.invalidField("facets",
                    "Unknown facet '" + Problems.excerpt(name) + "'; allowed: " + WireName.all(Facet.class)));
            facets.add(facet);
        }
        return facets;
    }
}

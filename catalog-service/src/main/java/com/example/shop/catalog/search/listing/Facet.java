package com.example.shop.catalog.search.listing;

import com.example.shop.problems.Problems;
import com.example.shop.web.WireName;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The counts a listing can show beside its page ({@code facets=type,genre,price,category,availability}), and
 * the options' ({@code facets=size,colour}: {@link Asked#options}).
 */
public enum Facet implements WireName {
    TYPE, GENRE, PRICE, CATEGORY, AVAILABILITY;

    /** What {@code facets} asks for: these facets, and the options (by name) counted under {@code options}. */
    public record Asked(Set<Facet> facets, Set<String> options) {
    }

    /**
     * Reads {@code facets} with option facets ({@code facets=genre,size,colour}): a name that is neither
     * a facet nor one of {@link ProductQuery#OPTIONS} is a 400 naming {@code facets}.
     */
    public static Asked read(String value) {
        Set<Facet> facets = EnumSet.noneOf(Facet.class);
        Set<String> options = new TreeSet<>();
        if (value == null) {
            return new Asked(facets, options);
        }
        for (String name : value.split(",", -1)) {
            String stripped = name.strip();
            if (ProductQuery.OPTIONS.contains(stripped)) {
                options.add(stripped);
            } else {
                facets.add(WireName.find(Facet.class, stripped).orElseThrow(() -> Problems.invalidField("facets",
                        "Unknown facet '" + Problems.excerpt(name) + "'; allowed: " + WireName.all(Facet.class) + ", "
                                + String.join(", ", ProductQuery.OPTIONS))));
            }
        }
        return new Asked(facets, options);
    }
}

package com.example.shop.catalog.search.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.example.shop.catalog.search.index.ProductDocuments;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.Test;

/** A subtree's filter is built once and kept, a changed subtree gets its own, and the cache stays bounded. */
class CategoryFiltersTest {

    private final CategoryFilters filters = new CategoryFilters();

    @Test
    void theSameSubtreeGetsTheSameQueryAndAChangedOneANewQuery() {
        List<String> subtree = List.of("c1", "c2", "c3");

        assertSame(filters.of(subtree), filters.of(List.of("c1", "c2", "c3")));
        assertInstanceOf(TermInSetQuery.class, filters.of(subtree));
        assertNotSame(filters.of(subtree), filters.of(List.of("c1", "c2")), "a category left the subtree");
        assertEquals(new TermQuery(new Term(ProductDocuments.CATEGORY, "c9")), filters.of(List.of("c9")));
    }

    @Test
    void keepsAtMostTheBoundLeastRecentlyUsedOutFirst() {
        List<String> first = List.of("first", "x");
        filters.of(first);
        var kept = filters.of(first);
        List<List<String>> others = new ArrayList<>();
        for (int i = 0; i < CategoryFilters.MAX_ENTRIES; i++) {
            others.add(List.of("c" + i, "d" + i));
            filters.of(others.get(i));
        }

        assertEquals(CategoryFilters.MAX_ENTRIES, filters.size());
        assertNotSame(kept, filters.of(first), "the least recently used subtree was let go, and is built again");
        assertSame(filters.of(others.get(CategoryFilters.MAX_ENTRIES - 1)), filters.of(others.get(CategoryFilters.MAX_ENTRIES - 1)));
    }
}

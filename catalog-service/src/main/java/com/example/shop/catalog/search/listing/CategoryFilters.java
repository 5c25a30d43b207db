package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.ProductDocuments;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.Query;

/**
 * The {@code category} filter of a listing: one Lucene query per category subtree, built once and
 * kept. Building it packs every id of the subtree into a term set, the largest allocation of a
 * category page, while a storefront asks the same few categories over and over.
 * The subtree's ids come from {@link com.example.shop.catalog.category.CategorySubtrees}, cached
 * there, so the same list comes back until the category tree changes; a changed subtree is a
 * different key. Bounded: the least recently used query goes past {@value #MAX_ENTRIES}.
 */
final class CategoryFilters {

    static final int MAX_ENTRIES = 256;

    private final Map<List<String>, Query> queries = new LeastRecentlyUsed<>(MAX_ENTRIES);

    /** The products in any category of {@code subtreeIds}. */
    synchronized Query of(List<String> subtreeIds) {
        return queries.computeIfAbsent(List.copyOf(subtreeIds), ids -> ListingFilters.anyOf(ProductDocuments.CATEGORY, ids));
    }

    synchronized int size() {
        return queries.size();
    }
}

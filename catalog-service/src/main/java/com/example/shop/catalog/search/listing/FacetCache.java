package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.category.CategorySubtrees;
import com.example.shop.catalog.search.index.ProductIndex;
import java.util.List;
import java.util.Map;

/**
 * The facet counts of the listings asked for lately, for the one index state they were counted in.
 * Counting is linear in the matching products, while a storefront asks the same few listings again
 * and again: a category's pages, the same filters on every page. The counts depend on the
 * filters and the index state only, not on the order, the cursor or the limit, so every page and
 * order of a listing shares one entry.
 *
 * <p>Never stale: an entry is only returned for the state it was counted in, and the first count in
 * a new state (a change made visible, {@link ProductIndex#read}) empties the cache. Bounded: the
 * least recently used entry goes past {@value #MAX_ENTRIES}.
 */
final class FacetCache {

    static final int MAX_ENTRIES = 256;

    /**
     * What the counts depend on besides the index state: the listing's filters and facets (its
     * order, cursor and limit set to one value), the selected category's subtree, the counted categories.
     */
    record Key(ProductQuery filters, List<String> categoryIds, List<CategorySubtrees.Category> counted) {

        static Key of(ProductQuery query, List<String> categoryIds, List<CategorySubtrees.Category> counted) {
            ProductQuery filters = new ProductQuery(query.types(), query.genres(), query.actor(), query.minSavingsPct(),
                    query.title(), query.titlePrefix(), query.keyword(), query.category(), query.prices(), query.text(),
                    ProductSort.SKU, 0, null, query.facets(), query.inStock(), query.options(), query.optionFacets());
            return new Key(filters, categoryIds, counted);
        }
    }

    private String state;
    private final Map<Key, byte[]> entries = new LeastRecentlyUsed<>(MAX_ENTRIES);

    /** The facets' JSON (UTF-8) counted in {@code state} for {@code key}, or null. */
    synchronized byte[] get(String state, Key key) {
        return state.equals(this.state) ? entries.get(key) : null;
    }

    synchronized void put(String state, Key key, byte[] json) {
        if (!state.equals(this.state)) {
            entries.clear();
            this.state = state;
        }
        entries.put(key, json);
    }

    synchronized int size() {
        return entries.size();
    }
}

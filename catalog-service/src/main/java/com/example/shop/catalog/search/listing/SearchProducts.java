package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.CatalogConfig;
import com.example.shop.catalog.category.CategorySubtrees;
import com.example.shop.catalog.category.CategoryTreeCache;
import com.example.shop.catalog.search.index.ListingJson;
import com.example.shop.catalog.search.index.ProductDocuments;
import com.example.shop.catalog.search.index.ProductIndex;
import com.example.shop.problems.Problems;
import com.example.shop.web.caching.EntityTags;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LongValues;
import org.apache.lucene.search.LongValuesSource;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;

/**
 * Product listings ({@code GET /products}), served from this replica's search index, never from
 * MongoDB: the filters of the first version with the same answers ({@link ListingFilters}), the
 * {@code q} text search ({@link TextQuery}), facet counts ({@link FacetCounts}), and the same
 * keyset pagination on (sort key, sku): a page is a {@code searchAfter} the previous page's last
 * product, so no product repeats or goes missing across pages while the catalog does not change,
 * and the cursor (opaque, signed: {@link ProductCursor}) is the one the MongoDB version gave.
 *
 * <p>A {@code category} filter asks the category service for the category's subtree first (its
 * failures are answered there: 404 unknown category, 503 category service unavailable); the
 * category facet asks it for the tree.
 *
 * <p>The answer's tag names the index state it was read from (this opening of the index and its
 * reader's version, which moves with every change a refresh makes visible) and the category
 * answers it depends on, so a revalidation is answered without running the search, and any
 * change moves it. Page and tag come from one searcher, so they never disagree.
 */
@ApplicationScoped
public class SearchProducts {

    /** One page: its JSON in UTF-8 (null when {@code unchanged}) and its weak tag's opaque value. */
    public record Listing(byte[] json, String tag, boolean unchanged) {
    }

    private static final byte[] ITEMS = "{\"items\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEXT = "],\"next\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FACETS = ",\"facets\":".getBytes(StandardCharsets.US_ASCII);

    private final ProductIndex index;
    private final SearchPermits permits;
    private final CategorySubtrees categories;
    private final CategoryTreeCache tree;
    private final ProductCursor cursors;
    private final PriceBuckets buckets;
    private final ObjectMapper mapper;
    private final FacetCache facetCache = new FacetCache();
    private final CategoryFilters categoryFilters = new CategoryFilters();

    SearchProducts(ProductIndex index, SearchPermits permits, CategorySubtrees categories, CategoryTreeCache tree, CatalogConfig config,
                   PriceBuckets buckets, ObjectMapper mapper) {
        this.index = index;
        this.permits = permits;
        this.categories = categories;
        this.tree = tree;
        this.cursors = new ProductCursor(config.cursor().secret());
        this.buckets = buckets;
        this.mapper = mapper;
    }

    /**
     * Runs {@code query}: one page as JSON, {@code {"items": [...], "next": cursor or null}} plus
     * {@code "facets"} when asked. {@code knownTag} is the client's {@code If-None-Match}: when it
     * names the current state, the search is not run.
     */
    public Listing search(ProductQuery query, String knownTag) {
        if (query.sort() == ProductSort.RELEVANCE && query.text() == null) {
            throw Problems.invalidField("sort", "sort=relevance orders by the q search; give q, or another sort");
        }
        List<String> categoryIds = query.category() == null ? null : categories.idsOf(query.category());
        List<CategorySubtrees.Category> counted = query.facets().contains(Facet.CATEGORY) ? facetCategories(query.category()) : null;
        ProductSort sort = query.sort();
        int fingerprint = query.fingerprint();
        ProductCursor.Position position = query.cursor() == null ? null : cursors.decode(query.cursor(), fingerprint, sort);
        ListingFilters filters = ListingFilters.of(query, categoryIds == null ? null : categoryFilters.of(categoryIds));
        String inputs = Integer.toHexString(Objects.hash(categoryIds, counted, buckets.all()));
        return permits.run(() -> index.read((searcher, state) -> {
            String tag = state + "." + inputs;
            if (EntityTags.noneMatchHits(knownTag, "W/\"" + tag + "\"")) {
                return new Listing(null, tag, true);
            }
            try {
                return new Listing(page(searcher, state, query, filters, position, fingerprint, categoryIds, counted), tag, false);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    private byte[] page(IndexSearcher searcher, String state, ProductQuery query, ListingFilters filters,
                        ProductCursor.Position position, int fingerprint, List<String> categoryIds,
                        List<CategorySubtrees.Category> counted) throws IOException {
        ProductSort sort = query.sort();
        Query matching = filters.all();
        Sort order = ListingSort.of(sort, searcher, matching, filters.variants());
        FieldDoc after = position == null ? null : ListingSort.after(sort, position, searcher.getIndexReader().maxDoc());
        int wanted = query.limit() + 1;
        // Lucene's searchAfter counts the first 1,000 matches before it may skip any; a listing shows
        // no total, so skipping (early termination in sku order, by points for the numeric sorts of a
        // broad listing) starts as soon as a page's worth is held.
        TopFieldDocs top = searcher.search(matching, new TopFieldCollectorManager(order, wanted, after, wanted));
        ScoreDoc[] hits = top.scoreDocs;
        int shown = Math.min(hits.length, query.limit());
        ByteArrayOutputStream tail = new ByteArrayOutputStream(query.facets().isEmpty() ? 128 : 4096);
        tail.writeBytes(NEXT);
        if (hits.length > query.limit()) {
            FieldDoc last = (FieldDoc) hits[shown - 1];
            String next = cursors.encode(fingerprint, new ProductCursor.Position(ListingSort.keyOf(sort, last),
                    ListingSort.skuOf(last)));
            tail.writeBytes(('"' + next + '"').getBytes(StandardCharsets.US_ASCII)); // base64url: nothing to escape
        } else {
            tail.writeBytes(NULL);
        }
        if (!query.facets().isEmpty() || !query.optionFacets().isEmpty()) {
            tail.writeBytes(FACETS);
            tail.writeBytes(facets(searcher, state, query, filters, categoryIds, counted));
        }
        tail.write('}');
        return ListingJson.join(searcher, hits, shown, pricesFrom(searcher, hits, shown, filters.variants()), ITEMS,
                tail.toByteArray());
    }

    /**
     * The "from" price of each shown product: the lowest retail of its variants that pass the
     * listing's variant filters, or of all its listed variants when there are none ({@code price}).
     * Read in document order, as doc values are.
     */
    private static long[] pricesFrom(IndexSearcher searcher, ScoreDoc[] hits, int count, VariantFilter variants)
            throws IOException {
        LongValuesSource source = variants.isEmpty() ? LongValuesSource.fromLongField(ProductDocuments.PRICE)
                : VariantMatch.lowestRetail(variants);
        long[] byDoc = new long[count]; // the document in the high half, the place in the page in the low half
        for (int i = 0; i < count; i++) {
            byDoc[i] = (long) hits[i].doc << 32 | i;
        }
        Arrays.sort(byDoc);
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        long[] prices = new long[count];
        int leaf = -1;
        LongValues values = null;
        for (long entry : byDoc) {
            int doc = (int) (entry >>> 32);
            int at = ReaderUtil.subIndex(doc, leaves);
            if (at != leaf) {
                leaf = at;
                values = source.getValues(leaves.get(at), null);
            }
            if (!values.advanceExact(doc - leaves.get(at).docBase)) {
                throw new IllegalStateException("a listed product without a matching variant's price (document " + doc + ")");
            }
            prices[(int) entry] = values.longValue();
        }
        return prices;
    }

    /** The facet counts as JSON: from {@link FacetCache} when this index state counted them already. */
    private byte[] facets(IndexSearcher searcher, String state, ProductQuery query, ListingFilters filters,
                          List<String> categoryIds, List<CategorySubtrees.Category> counted) throws IOException {
        FacetCache.Key key = FacetCache.Key.of(query, categoryIds, counted);
        byte[] cached = facetCache.get(state, key);
        if (cached != null) {
            return cached;
        }
        Map<String, Object> facets = FacetCounts.count(searcher, filters, query, buckets, counted);
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(facets);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("facet counts could not be written", e);
        }
        facetCache.put(state, key, json);
        return json;
    }

    /** The categories the category facet counts: the selected category's children, or the roots. */
    private List<CategorySubtrees.Category> facetCategories(String selected) {
        List<CategorySubtrees.Category> roots = tree.roots();
        if (selected == null) {
            return roots;
        }
        CategorySubtrees.Category found = find(roots, selected);
        return found == null ? List.of() : found.children();
    }

    private static CategorySubtrees.Category find(List<CategorySubtrees.Category> level, String slug) {
        for (CategorySubtrees.Category category : level) {
            if (category.slug().equals(slug)) {
                return category;
            }
            CategorySubtrees.Category below = find(category.children(), slug);
            if (below != null) {
                return below;
            }
        }
        return null;
    }
}

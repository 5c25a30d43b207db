package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.ProductDocuments;
import java.io.IOException;
import java.util.Date;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * A {@link ProductSort} in the index: the same key, then {@code sku} ascending, and the keyset
 * cursor as Lucene's {@code searchAfter} position. Strings compare as UTF-8 bytes, as MongoDB
 * compares them. {@code -issue_date} puts products without one last, as MongoDB's descending order
 * puts a missing value: such a product sorts as the smallest possible date.
 */
final class ListingSort {

    private static final SortField SKU = sku();
    private static final long NO_DATE = Long.MIN_VALUE;
    static final int SKIP_BY_POINTS_SHARE = 16;

    private ListingSort() {
    }

    /**
     * {@code sku} ascending, without Lucene's skipping by the indexed terms: sku is indexed too (one
     * term per product), and with that "optimisation" every page of a filtered listing walked the
     * postings of the skus around the page, which cost more than the page itself.
     */
    private static SortField sku() {
        SortField sku = new SortField(ProductDocuments.SKU, SortField.Type.STRING);
        sku.setOptimizeSortWithIndexedData(false);
        return sku;
    }

    /**
     * The order of {@code sort} for a listing whose query is {@code matching}. A numeric order
     * (savings, newest first, price) skips by the field's points only when the listing may match at
     * least 1/{@value #SKIP_BY_POINTS_SHARE} of the index ({@link MatchEstimate}): each time the
     * page's last value improves, Lucene's skipping looks the competitive documents up again in
     * the point tree, which holds every product. For a broad listing that lookup skips most of the
     * index; for a narrow one, its matches spread over the whole index, it costs more than it skips
     * ({@code bench/listing-ab} measures both).
     */
    static Sort of(ProductSort sort, IndexSearcher searcher, Query matching) throws IOException {
        return of(sort, searcher, matching, VariantFilter.NONE);
    }

    /**
     * Under variant filters ({@code variants} not empty) the price orders sort by the lowest retail of
     * a variant that passes them ({@link VariantMatch#lowestRetail}), computed for the matching products
     * only; without, by {@code price}, the lowest retail of all the listed variants.
     */
    static Sort of(ProductSort sort, IndexSearcher searcher, Query matching, VariantFilter variants) throws IOException {
        if (!variants.isEmpty() && (sort == ProductSort.PRICE || sort == ProductSort.PRICE_DESC)) {
            return new Sort(VariantMatch.lowestRetail(variants).getSortField(sort == ProductSort.PRICE_DESC), SKU);
        }
        boolean skipByPoints = byNumber(sort)
                && MatchEstimate.of(searcher, matching) * SKIP_BY_POINTS_SHARE >= searcher.getIndexReader().maxDoc();
        return switch (sort) {
            case SKU -> new Sort(SKU);
            case PCT_SAVINGS_DESC -> new Sort(number(ProductDocuments.PCT_SAVINGS, true, skipByPoints), SKU);
            case ISSUE_DATE_DESC -> {
                SortField date = number(ProductDocuments.ISSUE_DATE, true, skipByPoints);
                date.setMissingValue(NO_DATE);
                yield new Sort(date, SKU);
            }
            case TITLE -> new Sort(new SortField(ProductDocuments.TITLE_SORT, SortField.Type.STRING), SKU);
            case PRICE -> new Sort(number(ProductDocuments.PRICE, false, skipByPoints), SKU);
            case PRICE_DESC -> new Sort(number(ProductDocuments.PRICE, true, skipByPoints), SKU);
            case RELEVANCE -> new Sort(SortField.FIELD_SCORE, SKU);
        };
    }

    private static boolean byNumber(ProductSort sort) {
        return switch (sort) {
            case PCT_SAVINGS_DESC, ISSUE_DATE_DESC, PRICE, PRICE_DESC -> true;
            case SKU, TITLE, RELEVANCE -> false;
        };
    }

    private static SortField number(String field, boolean descending, boolean skipByPoints) {
        SortField number = new SortField(field, SortField.Type.LONG, descending);
        number.setOptimizeSortWithPoints(skipByPoints);
        return number;
    }

    /**
     * The position just past the cursor's product. Its document number is the reader's last, so
     * that a product with exactly the cursor's key and sku (the cursor's own product) is not after it.
     */
    static FieldDoc after(ProductSort sort, ProductCursor.Position position, int maxDoc) {
        BytesRef sku = new BytesRef(position.sku());
        int doc = Math.max(0, maxDoc - 1);
        Object key = position.key();
        return switch (sort) {
            case SKU -> new FieldDoc(doc, Float.NaN, new Object[] {sku});
            case ISSUE_DATE_DESC -> new FieldDoc(doc, Float.NaN, new Object[] {key == null ? NO_DATE : ((Date) key).getTime(), sku});
            case TITLE -> new FieldDoc(doc, Float.NaN, new Object[] {new BytesRef((String) key), sku});
            case PCT_SAVINGS_DESC, PRICE, PRICE_DESC -> new FieldDoc(doc, Float.NaN, new Object[] {key, sku});
            case RELEVANCE -> new FieldDoc(doc, (Float) key, new Object[] {key, sku});
        };
    }

    /** The cursor key of a page's last product, in the type {@link ProductCursor} encodes for the sort. */
    static Object keyOf(ProductSort sort, FieldDoc last) {
        Object value = last.fields[0];
        return switch (sort) {
            case SKU -> null;
            case ISSUE_DATE_DESC -> (Long) value == NO_DATE ? null : new Date((Long) value);
            case TITLE -> ((BytesRef) value).utf8ToString();
            case PCT_SAVINGS_DESC, PRICE, PRICE_DESC -> (Long) value;
            case RELEVANCE -> (Float) value;
        };
    }

    static String skuOf(FieldDoc last) {
        return ((BytesRef) last.fields[last.fields.length - 1]).utf8ToString();
    }
}

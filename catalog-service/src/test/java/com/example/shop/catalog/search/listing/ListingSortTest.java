package com.example.shop.catalog.search.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.shop.catalog.search.ListedProduct;
import com.example.shop.catalog.search.index.IndexParts;
import com.example.shop.catalog.search.index.ProductDocuments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * A numeric order (savings, newest first, price) skips by the field's points only for a listing
 * that may match at least 1/{@value ListingSort#SKIP_BY_POINTS_SHARE} of the index, and its first
 * page is the same either way.
 */
class ListingSortTest {

    /** A sixteenth of them is 20. */
    private static final int PRODUCTS = 320;
    private static final long DAY = 86_400_000L;

    @Test
    void aNumericOrderSkipsByPointsOnlyWhenTheListingMayMatchASixteenthOfTheIndex() throws Exception {
        List<ListedProduct> products = new ArrayList<>();
        for (int i = 0; i < PRODUCTS; i++) {
            String genre = i % 32 == 0 ? "Jazz" : i % 16 == 1 ? "Blues" : "Rock"; // 10 Jazz, 20 Blues
            Date issued = new Date(946_684_800_000L + (i * 7_919L % 3_650) * DAY); // scattered over sku order
            products.add(new ListedProduct("SKU-%04d".formatted(i), 1L, "Audio Album", "Title " + i, null, List.of(),
                    Map.of("genre", genre, "issue_date", issued), List.of(), 100 + (i * 31L % 500), i * 13L % 60,
                    "{\"sku\":\"SKU-%04d\"}".formatted(i)));
        }
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
             IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
            for (ListedProduct product : products) {
                writer.addDocument(IndexParts.document(product));
            }
            writer.commit();
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                assertOrders(searcher, products, genre("Jazz"), p -> "Jazz".equals(p.details().get("genre")), false);
                assertOrders(searcher, products, genre("Blues"), p -> "Blues".equals(p.details().get("genre")), true);
                assertOrders(searcher, products, new MatchAllDocsQuery(), p -> true, true);
            }
        }
    }

    private static void assertOrders(IndexSearcher searcher, List<ListedProduct> products, Query matching,
                                     Predicate<ListedProduct> matches, boolean skipByPoints) throws Exception {
        Map<ProductSort, Comparator<ListedProduct>> orders = Map.of(
                ProductSort.PCT_SAVINGS_DESC, descending(ListedProduct::pctSavings),
                ProductSort.ISSUE_DATE_DESC, descending(p -> ((Date) p.details().get("issue_date")).getTime()),
                ProductSort.PRICE, Comparator.comparingLong(ListedProduct::retail),
                ProductSort.PRICE_DESC, descending(ListedProduct::retail));
        for (Map.Entry<ProductSort, Comparator<ListedProduct>> order : orders.entrySet()) {
            Sort sort = ListingSort.of(order.getKey(), searcher, matching);
            assertEquals(skipByPoints, sort.getSort()[0].getOptimizeSortWithPoints(),
                    order.getKey() + " of " + matching + ": skips by points");
            TopFieldDocs top = searcher.search(matching, new TopFieldCollectorManager(sort, 5, null, 5));
            List<String> page = Arrays.stream(top.scoreDocs).map(hit -> ListingSort.skuOf((FieldDoc) hit)).toList();
            List<String> expected = products.stream().filter(matches)
                    .sorted(order.getValue().thenComparing(ListedProduct::sku)).limit(5).map(ListedProduct::sku).toList();
            assertEquals(expected, page, order.getKey() + " of " + matching + ": the first page");
        }
    }

    private static Comparator<ListedProduct> descending(ToLongFunction<ListedProduct> key) {
        return Comparator.comparingLong(key).reversed();
    }

    private static Query genre(String genre) {
        return new TermQuery(new Term(ProductDocuments.GENRE, genre));
    }
}

package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.category.CategorySubtrees;
import com.example.shop.catalog.search.availability.ApplyTransitions;
import com.example.shop.catalog.search.index.ProductDocuments;
import com.example.shop.catalog.search.index.VariantCodes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.FacetsCollector;
import org.apache.lucene.facet.FacetsCollectorManager;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.MultiLongValuesSource;
import org.apache.lucene.facet.range.LongRangeFacetCounts;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;

/**
 * The facet counts of a listing, disjunctive: a facet counts the products that pass every filter
 * but its own (a shopper who picked Jazz still sees how many Blues there are, and picking Blues
 * too widens the list to either). Facets whose own filter is not set share one pass over the
 * matching products; each facet with a selection costs one more.
 * <ul>
 * <li>{@code type}, {@code genre}: {@code [{value, count}]}, most products first (then by value),
 * the first {@value #MAX_VALUES}, and every selected value, even one no product has.</li>
 * <li>{@code price}: {@code [{min, max, count}]} over {@link PriceBuckets} (max excluded; null on the
 * last).</li>
 * <li>{@code category}: {@code [{slug, name, count}]} for each child of the selected category (the
 * roots when none is), counting the products anywhere in the child's subtree, each once.</li>
 * <li>{@code availability}: {@code [{value: "in-stock", count}, {value: "sold-out", count}]}, both always,
 * in that order, as the cart service last reported each sku (eventually consistent, see {@link ApplyTransitions}).</li>
 * <li>{@code options}: {@code {name: [{value, count}]}} for each option asked ({@code facets=size,colour}),
 * as type and genre.</li>
 * </ul>
 * The variant facets (options, availability, price) count a product under a value when one of its
 * variants has it and passes the other variant filters: what picking the value would list. A product
 * with some variants of each counts under both availabilities, a product priced in two buckets in both.
 */
final class FacetCounts {

    static final int MAX_VALUES = 100;

    private FacetCounts() {
    }

    /** {@code categories}: the categories the category facet counts (children or roots), null when not asked. */
    static Map<String, Object> count(IndexSearcher searcher, ListingFilters filters, ProductQuery query,
                                     PriceBuckets buckets, List<CategorySubtrees.Category> categories) throws IOException {
        Map<Query, FacetsCollector> passes = new HashMap<>();
        Map<String, Object> facets = new LinkedHashMap<>();
        for (Facet facet : Facet.values()) {
            if (!query.facets().contains(facet)) {
                continue;
            }
            Query counted = switch (facet) {
                case TYPE -> filters.allBut(ListingFilters.Kind.TYPE);
                case GENRE -> filters.allBut(ListingFilters.Kind.GENRE);
                case PRICE -> filters.allBut(ListingFilters.Kind.PRICE);
                // the children of the selected category lie inside it: its filter changes none of their counts
                case CATEGORY -> filters.all();
                case AVAILABILITY -> filters.allBut(ListingFilters.Kind.AVAILABILITY);
            };
            FacetsCollector hits = pass(searcher, passes, counted);
            facets.put(facet.wire(), switch (facet) {
                case TYPE -> values(hits, ProductDocuments.TYPE, query.types());
                case GENRE -> values(hits, ProductDocuments.GENRE, query.genres());
                case PRICE -> prices(hits, buckets, filters.variantsBut(ListingFilters.Kind.PRICE, null));
                case CATEGORY -> categories(hits, categories);
                case AVAILABILITY -> availability(hits, filters.variantsBut(ListingFilters.Kind.AVAILABILITY, null));
            });
        }
        if (!query.optionFacets().isEmpty()) {
            Map<String, Object> options = new LinkedHashMap<>();
            for (String option : query.optionFacets()) {
                FacetsCollector hits = pass(searcher, passes, filters.allButOption(option));
                List<String> selected = query.options().getOrDefault(option, List.of());
                VariantFilter others = filters.variantsBut(null, option);
                BytesRef name = new BytesRef(option);
                options.put(option, others.isEmpty() ? values(hits, ProductDocuments.optionField(option), selected)
                        : ranked(perVariant(hits, others, (table, passing, keys) -> {
                            int o = table.option(name);
                            for (int v = 0; o >= 0 && v < table.variantCount(); v++) {
                                if (passing[v] && table.valueOf(v, o) < table.valueCount(o)) {
                                    keys.add(table.value(o, table.valueOf(v, o)));
                                }
                            }
                        }), selected));
            }
            facets.put("options", options);
        }
        return facets;
    }

    private static FacetsCollector pass(IndexSearcher searcher, Map<Query, FacetsCollector> passes, Query counted)
            throws IOException {
        FacetsCollector hits = passes.get(counted);
        if (hits == null) {
            hits = searcher.search(counted, new FacetsCollectorManager());
            passes.put(counted, hits);
        }
        return hits;
    }

    /** What a product's passing variants count under: an option's values, availabilities, price buckets. */
    private interface VariantKeys {
        void add(VariantCodes.Table table, boolean[] passing, Set<String> keys);
    }

    /**
     * The counts of a variant facet while other variant filters are set: each product counts once under
     * every key of its variants that pass {@code others} (the facet's own filter left out), so that a
     * count is what picking that value lists.
     */
    private static Map<String, Long> perVariant(FacetsCollector hits, VariantFilter others, VariantKeys keysOf) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        VariantCodes.Table table = new VariantCodes.Table();
        boolean[] passing = new boolean[16];
        Set<String> keys = new HashSet<>();
        for (FacetsCollector.MatchingDocs matching : hits.getMatchingDocs()) {
            DocIdSetIterator docs = matching.bits.iterator();
            if (docs == null) {
                continue;
            }
            BinaryDocValues values = DocValues.getBinary(matching.context.reader(), ProductDocuments.VARIANTS);
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if (!values.advanceExact(doc)) {
                    continue;
                }
                table.read(values.binaryValue());
                if (passing.length < table.variantCount()) {
                    passing = new boolean[table.variantCount()];
                }
                if (others.passing(table, passing)) {
                    keys.clear();
                    keysOf.add(table, passing, keys);
                    for (String key : keys) {
                        counts.merge(key, 1L, Long::sum);
                    }
                }
            }
        }
        return counts;
    }

    private static List<Map<String, Object>> values(FacetsCollector hits, String field, List<String> selected) throws IOException {
        return ranked(counts(hits, field), selected);
    }

    private static Map<String, Long> counts(FacetsCollector hits, String field) throws IOException {
        Map<String, Long> counts = new HashMap<>();
        for (FacetsCollector.MatchingDocs matching : hits.getMatchingDocs()) {
            DocIdSetIterator docs = matching.bits.iterator();
            if (docs == null) {
                continue;
            }
            SortedSetDocValues values = DocValues.getSortedSet(matching.context.reader(), field);
            long[] perOrd = new long[Math.toIntExact(values.getValueCount())];
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if (values.advanceExact(doc)) {
                    for (int i = 0; i < values.docValueCount(); i++) {
                        perOrd[(int) values.nextOrd()]++;
                    }
                }
            }
            for (int ord = 0; ord < perOrd.length; ord++) {
                if (perOrd[ord] > 0) {
                    counts.merge(values.lookupOrd(ord).utf8ToString(), perOrd[ord], Long::sum);
                }
            }
        }
        return counts;
    }

    private static List<Map<String, Object>> ranked(Map<String, Long> counts, List<String> selected) {
        selected.forEach(value -> counts.putIfAbsent(value, 0L));
        List<Map.Entry<String, Long>> ranked = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .toList();
        List<Map<String, Object>> shown = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            Map.Entry<String, Long> value = ranked.get(i);
            if (i < MAX_VALUES || selected.contains(value.getKey())) { // what the shopper picked stays in sight
                shown.add(entry("value", value.getKey(), "count", value.getValue()));
            }
        }
        return shown;
    }

    private static List<Map<String, Object>> availability(FacetsCollector hits, VariantFilter others) throws IOException {
        Map<String, Long> counts = others.isEmpty() ? counts(hits, ProductDocuments.AVAILABILITY)
                : perVariant(hits, others, (table, passing, keys) -> {
                    for (int v = 0; v < table.variantCount(); v++) {
                        if (passing[v]) {
                            keys.add(table.soldOut(v) ? ProductDocuments.SOLD_OUT : ProductDocuments.IN_STOCK);
                        }
                    }
                });
        List<Map<String, Object>> facet = new ArrayList<>();
        for (String value : List.of(ProductDocuments.IN_STOCK, ProductDocuments.SOLD_OUT)) {
            facet.add(entry("value", value, "count", counts.getOrDefault(value, 0L)));
        }
        return facet;
    }

    /**
     * A product counts in each bucket one of its variants is priced in (one that passes the other
     * variant filters): the count is what picking the bucket lists. A product without options has one price.
     */
    private static List<Map<String, Object>> prices(FacetsCollector hits, PriceBuckets buckets, VariantFilter others)
            throws IOException {
        Map<String, Number> byLabel = new HashMap<>();
        if (others.isEmpty()) {
            FacetResult result = new LongRangeFacetCounts(ProductDocuments.VARIANT_PRICE,
                    MultiLongValuesSource.fromLongField(ProductDocuments.VARIANT_PRICE), hits, buckets.ranges())
                    .getAllChildren(ProductDocuments.VARIANT_PRICE);
            for (LabelAndValue bucket : result.labelValues) {
                byLabel.put(bucket.label, bucket.value);
            }
        } else {
            List<PriceRange> all = buckets.all();
            byLabel.putAll(perVariant(hits, others, (table, passing, keys) -> {
                for (int v = 0; v < table.variantCount(); v++) {
                    if (passing[v]) {
                        for (PriceRange bucket : all) {
                            if (table.retail(v) >= bucket.min() && (bucket.max() == null || table.retail(v) < bucket.max())) {
                                keys.add(bucket.toString());
                            }
                        }
                    }
                }
            }));
        }
        List<Map<String, Object>> prices = new ArrayList<>();
        for (PriceRange bucket : buckets.all()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("min", bucket.min());
            entry.put("max", bucket.max());
            entry.put("count", byLabel.getOrDefault(bucket.toString(), 0).longValue());
            prices.add(entry);
        }
        return prices;
    }

    private static List<Map<String, Object>> categories(FacetsCollector hits, List<CategorySubtrees.Category> categories)
            throws IOException {
        Map<String, Integer> owner = new HashMap<>(); // category id -> which counted category's subtree holds it
        for (int i = 0; i < categories.size(); i++) {
            for (String id : categories.get(i).subtreeIds()) {
                owner.put(id, i);
            }
        }
        long[] counts = new long[categories.size()];
        for (FacetsCollector.MatchingDocs matching : hits.getMatchingDocs()) {
            DocIdSetIterator docs = matching.bits.iterator();
            if (docs == null) {
                continue;
            }
            SortedSetDocValues values = DocValues.getSortedSet(matching.context.reader(), ProductDocuments.CATEGORY);
            int[] ordOwner = new int[Math.toIntExact(values.getValueCount())];
            for (int ord = 0; ord < ordOwner.length; ord++) {
                ordOwner[ord] = owner.getOrDefault(values.lookupOrd(ord).utf8ToString(), -1);
            }
            int[] lastCounted = new int[categories.size()];
            Arrays.fill(lastCounted, -1);
            for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
                if (values.advanceExact(doc)) {
                    for (int i = 0; i < values.docValueCount(); i++) {
                        int counted = ordOwner[(int) values.nextOrd()];
                        if (counted >= 0 && lastCounted[counted] != doc) { // a product in two categories of one subtree counts once
                            counts[counted]++;
                            lastCounted[counted] = doc;
                        }
                    }
                }
            }
        }
        List<Map<String, Object>> facet = new ArrayList<>();
        for (int i = 0; i < categories.size(); i++) {
            Map<String, Object> entry = entry("slug", categories.get(i).slug(), "name", categories.get(i).name());
            entry.put("count", counts[i]);
            facet.add(entry);
        }
        facet.sort(Comparator.comparing(e -> (String) e.get("slug")));
        return facet;
    }

    private static Map<String, Object> entry(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put(k1, v1);
        entry.put(k2, v2);
        return entry;
    }
}

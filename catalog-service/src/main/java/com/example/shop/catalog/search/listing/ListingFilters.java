package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.ProductDocuments;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.AutomatonQuery;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;

/**
 * The filters of a listing, one Lucene query per kind ({@link Kind}), each meaning exactly what
 * the MongoDB query of the first version meant (the oracle test holds them to it): exact values
 * as stored, {@code minSavingsPct} strictly greater, {@code title} a case-insensitive literal
 * substring, {@code titlePrefix} a case-sensitive prefix. Every client value is a term or a bound,
 * never syntax. Kept apart so that a facet can count under all the filters but its own
 * ({@link #allBut}). The variant filters (options, {@code inStock}, {@code price}) hold for one variant
 * together ({@link VariantFilter}): a product with a sold-out M and an in-stock black L does not match
 * {@code size=M&colour=black&inStock=true}.
 */
final class ListingFilters {

    /** A kind of filter; a facet ignores its own kind's filter (disjunctive facets). */
    enum Kind { TYPE, GENRE, ACTOR, SAVINGS, TITLE, TITLE_PREFIX, KEYWORD, CATEGORY, PRICE, AVAILABILITY }

    private final Map<Kind, Query> filters;
    /** The option filters by option name, product-level: some variant has one of the values. */
    private final Map<String, Query> options;
    /** The variant filters together: one variant must pass them all. */
    private final VariantFilter variants;
    private final Query text;

    private ListingFilters(Map<Kind, Query> filters, Map<String, Query> options, VariantFilter variants, Query text) {
        this.filters = filters;
        this.options = options;
        this.variants = variants;
        this.text = text;
    }

    /** {@code category}: the selected category's subtree ({@link CategoryFilters}), null when none is selected. */
    static ListingFilters of(ProductQuery query, Query category) {
        Map<Kind, Query> filters = new EnumMap<>(Kind.class);
        if (!query.types().isEmpty()) {
            filters.put(Kind.TYPE, anyOf(ProductDocuments.TYPE, query.types()));
        }
        if (!query.genres().isEmpty()) {
            filters.put(Kind.GENRE, anyOf(ProductDocuments.GENRE, query.genres()));
        }
        if (query.actor() != null) {
            filters.put(Kind.ACTOR, new TermQuery(new Term(ProductDocuments.ACTOR, query.actor())));
        }
        if (query.minSavingsPct() != null) {
            filters.put(Kind.SAVINGS, LongPoint.newRangeQuery(ProductDocuments.PCT_SAVINGS, query.minSavingsPct() + 1L, Long.MAX_VALUE));
        }
        if (query.title() != null) {
            filters.put(Kind.TITLE, contains(ProductDocuments.TITLE_LOWER, ProductDocuments.lower(query.title())));
        }
        if (query.titlePrefix() != null) {
            filters.put(Kind.TITLE_PREFIX, new PrefixQuery(new Term(ProductDocuments.TITLE_EXACT, query.titlePrefix())));
        }
        if (query.keyword() != null) {
            filters.put(Kind.KEYWORD, new TermQuery(new Term(ProductDocuments.KEYWORD, query.keyword())));
        }
        if (category != null) {
            filters.put(Kind.CATEGORY, category);
        }
        if (!query.prices().isEmpty()) {
            BooleanQuery.Builder any = new BooleanQuery.Builder();
            for (PriceRange range : query.prices()) {
                any.add(LongPoint.newRangeQuery(ProductDocuments.VARIANT_PRICE, range.min(),
                        range.max() == null ? Long.MAX_VALUE : range.max() - 1), BooleanClause.Occur.SHOULD);
            }
            filters.put(Kind.PRICE, any.build());
        }
        if (query.inStock() != null) {
            filters.put(Kind.AVAILABILITY, new TermQuery(new Term(ProductDocuments.AVAILABILITY,
                    query.inStock() ? ProductDocuments.IN_STOCK : ProductDocuments.SOLD_OUT)));
        }
        Map<String, Query> options = new TreeMap<>();
        query.options().forEach((name, values) -> options.put(name, anyOf(ProductDocuments.optionField(name), values)));
        return new ListingFilters(filters, options, new VariantFilter(query.options(), query.inStock(), query.prices()),
                query.text() == null ? null : TextQuery.of(query.text()));
    }

    /** The variant filters of the listing (options, inStock, price), which one variant must pass together. */
    VariantFilter variants() {
        return variants;
    }

    boolean has(Kind kind) {
        return filters.containsKey(kind);
    }

    /** The listing's query: the text search (scored) under every filter. */
    Query all() {
        return allBut(null);
    }

    /** The listing's query without the filter of {@code kind} (null: with every filter). */
    Query allBut(Kind kind) {
        return allBut(kind, null);
    }

    /** The listing's query without the filter of the option {@code name}. */
    Query allButOption(String name) {
        return allBut(null, name);
    }

    /**
     * The variant filters of the listing but the one of {@code kind} or of the option {@code option}:
     * what a facet of that kind checks on each variant.
     */
    VariantFilter variantsBut(Kind kind, String option) {
        VariantFilter rest = variants;
        if (kind == Kind.PRICE) {
            rest = rest.withoutPrices();
        } else if (kind == Kind.AVAILABILITY) {
            rest = rest.withoutInStock();
        }
        return option == null ? rest : rest.withoutOption(option);
    }

    /**
     * Each filter is a product-level clause (some variant has size M, some variant is in stock); when two
     * or more variant filters remain, a two-phase check that one variant passes them all goes with them.
     */
    private Query allBut(Kind kind, String option) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        int clauses = 0;
        if (text != null) {
            query.add(text, BooleanClause.Occur.MUST);
            clauses++;
        }
        for (Map.Entry<Kind, Query> filter : filters.entrySet()) {
            if (filter.getKey() != kind) {
                query.add(filter.getValue(), BooleanClause.Occur.FILTER);
                clauses++;
            }
        }
        for (Map.Entry<String, Query> filter : options.entrySet()) {
            if (!filter.getKey().equals(option)) {
                query.add(filter.getValue(), BooleanClause.Occur.FILTER);
                clauses++;
            }
        }
        VariantFilter together = variantsBut(kind, option);
        if (together.filters() >= 2) {
            query.add(VariantMatch.query(together), BooleanClause.Occur.FILTER);
            clauses++;
        }
        return clauses == 0 ? new MatchAllDocsQuery() : query.build();
    }

    /** The documents with any of {@code values} in {@code field}: a term query for one, a term set for more. */
    static Query anyOf(String field, List<String> values) {
        return values.size() == 1 ? new TermQuery(new Term(field, values.get(0)))
                : new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
    }

    /** Terms of {@code field} containing {@code text} anywhere, character for character. */
    private static Query contains(String field, String text) {
        Automaton anywhere = Operations.concatenate(List.of(Automata.makeAnyString(), Automata.makeString(text),
                Automata.makeAnyString()));
        return new AutomatonQuery(new Term(field, text), anywhere);
    }
}

package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.search.index.ProductDocuments;
import com.example.shop.catalog.search.index.VariantCodes;
import java.io.IOException;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DoubleValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LongValues;
import org.apache.lucene.search.LongValuesSource;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;

/**
 * The variant filters in the index: {@link #query} matches the products with one variant passing a
 * {@link VariantFilter} (two-phase: it only checks the products the listing's other filters let
 * through, the product-level option, availability and price fields first, so a page in sku order
 * still stops at a page's worth), and {@link #lowestRetail} is the lowest retail of such a variant,
 * what the price sort, the price facet and the listed "from" price use under variant filters.
 */
final class VariantMatch {

    /** Checking one product decodes its variants: costlier than a doc-values comparison. */
    private static final float MATCH_COST = 100f;

    private VariantMatch() {
    }

    static Query query(VariantFilter filter) {
        return new FilterQuery(filter);
    }

    static LongValuesSource lowestRetail(VariantFilter filter) {
        return new LowestRetail(filter);
    }

    private static final class FilterQuery extends Query {

        private final VariantFilter filter;

        FilterQuery(VariantFilter filter) {
            this.filter = filter;
        }

        @Override
        public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
            return new ConstantScoreWeight(this, boost) {
                @Override
                public Scorer scorer(LeafReaderContext context) throws IOException {
                    BinaryDocValues values = DocValues.getBinary(context.reader(), ProductDocuments.VARIANTS);
                    VariantCodes.Table table = new VariantCodes.Table();
                    boolean[][] passing = {new boolean[16]};
                    TwoPhaseIterator check = new TwoPhaseIterator(values) {
                        @Override
                        public boolean matches() throws IOException {
                            table.read(values.binaryValue());
                            if (passing[0].length < table.variantCount()) {
                                passing[0] = new boolean[table.variantCount()];
                            }
                            return filter.passing(table, passing[0]);
                        }

                        @Override
                        public float matchCost() {
                            return MATCH_COST;
                        }
                    };
                    return new ConstantScoreScorer(this, score(), scoreMode, check);
                }

                @Override
                public boolean isCacheable(LeafReaderContext context) {
                    return DocValues.isCacheable(context, ProductDocuments.VARIANTS);
                }
            };
        }

        @Override
        public void visit(QueryVisitor visitor) {
            if (visitor.acceptField(ProductDocuments.VARIANTS)) {
                visitor.visitLeaf(this);
            }
        }

        @Override
        public String toString(String field) {
            return filter.toString();
        }

        @Override
        public boolean equals(Object other) {
            return sameClassAs(other) && filter.equals(((FilterQuery) other).filter);
        }

        @Override
        public int hashCode() {
            return 31 * classHash() + filter.hashCode();
        }
    }

    private static final class LowestRetail extends LongValuesSource {

        private final VariantFilter filter;

        LowestRetail(VariantFilter filter) {
            this.filter = filter;
        }

        @Override
        public LongValues getValues(LeafReaderContext context, DoubleValues scores) throws IOException {
            BinaryDocValues values = DocValues.getBinary(context.reader(), ProductDocuments.VARIANTS);
            VariantCodes.Table table = new VariantCodes.Table();
            return new LongValues() {
                private boolean[] passing = new boolean[16];
                private long value;

                @Override
                public long longValue() {
                    return value;
                }

                @Override
                public boolean advanceExact(int doc) throws IOException {
                    if (!values.advanceExact(doc)) {
                        return false;
                    }
                    table.read(values.binaryValue());
                    if (passing.length < table.variantCount()) {
                        passing = new boolean[table.variantCount()];
                    }
                    value = filter.lowestRetail(table, passing);
                    return value != Long.MAX_VALUE;
                }
            };
        }

        @Override
        public boolean needsScores() {
            return false;
        }

        @Override
        public LongValuesSource rewrite(IndexSearcher searcher) {
            return this;
        }

        @Override
        public boolean isCacheable(LeafReaderContext context) {
            return DocValues.isCacheable(context, ProductDocuments.VARIANTS);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof LowestRetail that && filter.equals(that.filter);
        }

        @Override
        public int hashCode() {
            return filter.hashCode();
        }

        @Override
        public String toString() {
            return "lowestRetail(" + filter + ")";
        }
    }
}

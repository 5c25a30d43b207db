package com.example.shop.catalog.search.listing;

import java.io.IOException;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.Weight;

/**
 * How many documents a query may match, as Lucene estimates it before running it: the cost each
 * segment's scorer reports before it is iterated (a term's document frequency, a conjunction's
 * smallest clause's cost), summed over the segments. Nothing is collected.
 */
final class MatchEstimate {

    private MatchEstimate() {
    }

    static long of(IndexSearcher searcher, Query query) throws IOException {
        Weight weight = searcher.rewrite(query).createWeight(searcher, ScoreMode.COMPLETE_NO_SCORES, 1f);
        long cost = 0;
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            ScorerSupplier supplier = weight.scorerSupplier(leaf);
            if (supplier != null) {
                cost += supplier.cost();
            }
        }
        return cost;
    }
}

package com.example.shop.catalog.search.index;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.apache.lucene.search.QueryCache;
import org.apache.lucene.search.SearcherFactory;

/**
 * The searchers' cache of filter matches (Lucene's {@link LRUQueryCache}, with its usual choice of
 * which filters are worth caching), kept on every segment of the index.
 *
 * <p>Lucene's default cache leaves out segments of fewer than 10,000 documents. An index kept current
 * by near-real-time refreshes has a dozen such segments beside its big one, and on each of them a
 * category page's subtree filter looked up the postings of every category of the subtree again, on
 * every request: most of the page's CPU. A segment's cached matches go with the segment (Lucene drops
 * them when a merge retires it), so caching small segments costs little and never serves a stale
 * answer: deletions and updates are applied to cached matches as to any other.
 */
final class FilterCache extends SearcherFactory {

    /** Filters remembered at most, and the memory their matches may take. */
    static final int MAX_FILTERS = 1_000;
    static final long MAX_BYTES = 16L << 20;
    /** Lucene's default: a filter that would cost ten times the query it narrows is not cached for it. */
    private static final float SKIP_CACHE_FACTOR = 10f;

    private final QueryCache cache = new LRUQueryCache(MAX_FILTERS, MAX_BYTES, segment -> true, SKIP_CACHE_FACTOR);

    @Override
    public IndexSearcher newSearcher(IndexReader reader, IndexReader previousReader) {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setQueryCache(cache);
        return searcher;
    }
}

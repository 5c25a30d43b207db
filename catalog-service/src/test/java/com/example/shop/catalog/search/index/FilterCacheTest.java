package com.example.shop.catalog.search.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/**
 * The searchers' filter cache keeps a subtree filter's matches on small segments too (Lucene's
 * default skips segments under 10,000 documents, which left every near-real-time segment of the
 * index to look up the subtree's categories again on each request), and a change is seen at once.
 */
class FilterCacheTest {

    @Test
    void cachesAFilterOnEverySegmentAndStillSeesChanges() throws Exception {
        try (ByteBuffersDirectory directory = new ByteBuffersDirectory();
             IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
            for (int segment = 0; segment < 3; segment++) { // three segments of 100 documents: all "small"
                for (int i = 0; i < 100; i++) {
                    writer.addDocument(product("sku-" + segment + "-" + i, "cat-" + (i % 10)));
                }
                writer.flush();
            }
            SearcherManager searchers = new SearcherManager(writer, true, false, new FilterCache());
            Query subtree = new BooleanQuery.Builder()
                    .add(new TermInSetQuery(ProductDocuments.CATEGORY, List.of(new BytesRef("cat-1"), new BytesRef("cat-2"))),
                            BooleanClause.Occur.FILTER)
                    .build();

            IndexSearcher searcher = searchers.acquire();
            LRUQueryCache cache = (LRUQueryCache) searcher.getQueryCache();
            try {
                for (int i = 0; i < 3; i++) {
                    assertEquals(60, searcher.count(subtree));
                }
                assertEquals(3, searcher.getIndexReader().leaves().size());
                assertTrue(cache.getCacheCount() >= 3, "the filter's matches are cached on each of the 3 small segments");
                assertTrue(cache.getHitCount() >= 3, "and read from the cache afterwards");
            } finally {
                searchers.release(searcher);
            }

            writer.deleteDocuments(new Term(ProductDocuments.SKU, "sku-0-1"));
            writer.addDocument(product("sku-9-9", "cat-2"));
            searchers.maybeRefreshBlocking();
            searcher = searchers.acquire();
            try {
                for (int i = 0; i < 3; i++) {
                    assertEquals(60, searcher.count(subtree), "one match deleted, one added");
                }
            } finally {
                searchers.release(searcher);
            }
            searchers.close();
        }
    }

    private static Document product(String sku, String category) {
        Document doc = new Document();
        doc.add(new StringField(ProductDocuments.SKU, sku, Field.Store.YES));
        doc.add(new StringField(ProductDocuments.CATEGORY, category, Field.Store.NO));
        return doc;
    }
}

package com.example.shop.catalog.product;

import com.example.shop.web.database.AfterIndexes;
import jakarta.inject.Singleton;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Drops the products' indexes of the book's queries (by genre, actor, issue date, savings, keywords,
 * category, and the sort orders of GET /products), which stores written before still have: the
 * listings, filters and sorts are the search index's, no query of the catalog's reads them, and each
 * cost every product write its keys (the embedded server's inserts ran 27 times slower with them).
 * Idempotent: an index already gone is skipped.
 */
@Singleton
record RetiredProductIndexes(ProductStore store) implements AfterIndexes {

    private static final Logger LOG = Logger.getLogger(RetiredProductIndexes.class);

    /** The names MongoDB gave them. */
    static final List<String> NAMES = List.of("pricing.pct_savings_1", "type_1_details.genre_1_details.issue_date_-1",
            "type_1_details.actor_1_details.issue_date_-1", "type_1_details.issue_date_-1_title_1", "keywords_1",
            "category_ids_1", "pricing.pct_savings_-1_sku_1", "details.issue_date_-1_sku_1", "title_1_sku_1",
            "pricing.retail_1_sku_1");

    @Override
    public void putInPlace() {
        for (String name : store.dropIndexes(NAMES)) {
            LOG.infof("Dropped the products' index %s: no query reads it", name);
        }
    }
}

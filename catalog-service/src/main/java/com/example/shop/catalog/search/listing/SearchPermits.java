package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.CatalogConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * A semaphore of {@code catalog.search.concurrent-searches} permits (by default two per processor:
 * one running, one ready to take over the core), so that listing searches beyond it wait in arrival
 * order. A search is CPU-bound: run all at once, each takes as long as all of them, and the garbage
 * of every search in flight outlives the young collections. Only the search holds a permit, not the
 * category lookups a listing makes before it.
 */
@ApplicationScoped
class SearchPermits {

    private final Semaphore permits;

    @Inject
    SearchPermits(CatalogConfig config) {
        this(config.search().concurrentSearches().orElse(2 * Runtime.getRuntime().availableProcessors()));
    }

    SearchPermits(int concurrent) {
        if (concurrent < 1) {
            throw new IllegalArgumentException("catalog.search.concurrent-searches must be 1 or more, not " + concurrent);
        }
        this.permits = new Semaphore(concurrent, true);
    }

    <T> T run(Supplier<T> search) {
        permits.acquireUninterruptibly();
        try {
            return search.get();
        } finally {
            permits.release();
        }
    }
}

package com.example.shop.catalog.search.listing;

import com.example.shop.catalog.CatalogConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Lets {@code catalog.search.concurrent-searches} listing searches run at once (by default, two per
 * processor: one running, one ready to take over the core as the other ends) and the others wait
 * their turn in arrival order. A search is CPU-bound; run all at once (32 connections through the
 * gateway on 2 cores), each took as long as all of them, and the garbage of every search in flight
 * outlived the young collections into the old generation (p99 of the jazz list 48–62 ms against
 * 32 with permits, the large profile). Only the search waits: the category lookups a listing makes
 * before it (calls to another service) hold no turn.
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

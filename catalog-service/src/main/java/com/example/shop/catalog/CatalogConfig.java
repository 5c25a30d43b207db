package com.example.shop.catalog;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;

/** The catalog's own settings (prefix {@code catalog}). */
@ConfigMapping(prefix = "catalog")
public interface CatalogConfig {

    Products products();

    Cursor cursor();

    Search search();

    Availability availability();

    CategoryTree categoryTree();

    /** Whether the built-in product types (Audio Album, Film, Apparel) are inserted at startup when missing. */
    @WithDefault("true")
    boolean seedProductTypes();

    interface Products {
        /** Page size when {@code limit} is not given. */
        @WithDefault("20")
        int defaultLimit();

        /** Largest accepted {@code limit}. */
        @WithDefault("100")
        int maxLimit();

        /**
         * Most units of a product one cart may hold when neither the product nor its type says
         * ({@code max_per_cart}); the cart service enforces the value the product shows.
         */
        @WithDefault("10")
        int defaultMaxPerCart();

        /**
         * Most variants one product may have: a product page lists all of them and every write
         * rewrites them all (docs/design.md#variants).
         */
        @WithDefault("100")
        int maxVariants();

        /**
         * How old a sku's claim in {@code product_skus} must be before another product may take it over
         * when its product does not hold the sku (a write that died after claiming). Longer than any
         * write takes from its claim to its product write (docs/design.md#variants).
         */
        @WithDefault("PT2M")
        java.time.Duration skuClaimGrace();
    }

    interface Cursor {
        /**
         * Key of the HMAC that makes a page cursor tamper-evident. Set one per deployment
         * ({@code CATALOG_CURSOR_SECRET}); every replica needs the same value so that a cursor works
         * on any of them. No default: a key printed in the source would let anyone forge cursors,
         * so in {@code prod} start-up fails naming this key until it is set ({@code %dev} and
         * {@code %test} have fixed ones in application.properties).
         */
        String secret();
    }

    /** The category tree the category facet counts by, kept from the category service. */
    interface CategoryTree {
        /**
         * How old the tree may be before the first request after it fetches it again, in the
         * background: that request and every one during the fetch still get the tree they had.
         */
        @WithDefault("PT5S")
        java.time.Duration refreshAfter();

        /**
         * How old a tree may be at the most, while the category service cannot give a new one:
         * past it, a request waits for the tree, and gets the 503 naming {@code category-service}
         * if it still cannot be had.
         */
        @WithDefault("PT1M")
        java.time.Duration keepAtMost();
    }

    interface Availability {
        /**
         * The secret the cart service sends as a bearer token with its availability transitions
         * ({@code POST /internal/availability}); unset: the call is taken from anyone who can reach the
         * service's port (the gateway does not route it).
         */
        java.util.Optional<String> secret();
    }

    interface Search {
        /**
         * Where this replica keeps its search index (a directory of its own: two replicas never share
         * one; an {@code emptyDir} in Kubernetes). The default is relative to the working directory,
         * which {@code ./platform} makes {@code .platform/}: beside the platform's other local state,
         * one directory per HTTP port, so that two local replicas do not meet.
         */
        @WithDefault("search-index-${quarkus.http.port}")
        String directory();

        /**
         * The bounds of the {@code price} facet's buckets, in minor units, ascending: {@code 1000,2500}
         * gives [0, 1000), [1000, 2500) and [2500, ∞). Checked at start-up (non-negative, strictly rising).
         */
        @WithDefault("500,1000,1500,2000,3000,5000")
        List<Long> priceBuckets();

        /**
         * How many listing searches run at once; the others wait their turn, first come first served.
         * Unset: two per processor the JVM sees (a container's CPU limit). A search is pure CPU (the
         * index is in memory), so more at once only share the same cores more finely.
         */
        java.util.OptionalInt concurrentSearches();

        /**
         * How soon an import's batches become searchable on the replica that writes them: at most this
         * often, and all of them before the run reads finished. Each refresh flushes a segment, so a
         * refresh per batch of 1,000 made hundreds of small segments and the merges that fold them
         * together. {@code PT0S}: a refresh after every batch.
         */
        @WithDefault("PT1S")
        java.time.Duration bulkRefreshEvery();

        /** How often changes written through to the index are committed to disk (they are searchable at once). */
        @WithDefault("PT5S")
        java.time.Duration commitEvery();

        /** How often a replica reads the change feed ({@code product_changes}) for other replicas' writes. */
        @WithDefault("PT0.2S")
        java.time.Duration feedEvery();

        /**
         * How often it reads the feed once the feed has brought nothing for 5 s: an idle replica's cost of
         * keeping up (each read is a round trip to MongoDB), against how late the first write after a quiet
         * spell reaches it (up to this, plus one read of the changed products).
         */
        @WithDefault("PT0.5S")
        java.time.Duration feedIdleEvery();

        /**
         * How long changes stay in the feed: a replica down for longer than this rebuilds its index
         * when it comes back, instead of catching up from the feed.
         */
        @WithDefault("PT1H")
        java.time.Duration feedRetention();

        /**
         * How long a revision missing from the feed (counted, but its change not recorded yet: a write
         * in flight) is waited for before this replica takes it as lost (its writer died) and rebuilds.
         * Longer than the slowest write (the MongoDB client's timeouts).
         */
        @WithDefault("PT30S")
        java.time.Duration feedGapGrace();
    }
}

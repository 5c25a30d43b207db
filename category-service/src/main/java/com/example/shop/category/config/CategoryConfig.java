package com.example.shop.category.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Every setting of the category service (prefix {@code category}). */
@ConfigMapping(prefix = "category")
public interface CategoryConfig {

    Page page();

    Tree tree();

    TreeLock treeLock();

    Reconcile reconcile();

    interface Page {
        /** Items per page when the client gives no {@code limit}. */
        @WithDefault("50")
        int defaultLimit();

        /** The largest {@code limit} a client may ask for. */
        @WithDefault("200")
        int maxLimit();
    }

    interface Tree {
        /** {@code GET /categories?tree=true} refuses (422) a tree with more nodes than this. */
        @WithDefault("10000")
        int maxNodes();
    }

    interface TreeLock {
        /**
         * How long a structural change (create, move, delete) may hold the tree lock. A holder that
         * dies keeps it this long; the next holder then repairs the subtree it was changing.
         */
        @WithDefault("30s")
        Duration lease();

        /** How long a structural change waits for the lock before answering 503 tree-busy. */
        @WithDefault("10s")
        Duration maxWait();
    }

    interface Reconcile {
        /** Passes of re-derive-and-fix before a reconcile gives up and leaves the rest to repair. */
        @WithDefault("10")
        int maxPasses();
    }
}

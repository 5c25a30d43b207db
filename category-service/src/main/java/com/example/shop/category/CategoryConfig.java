package com.example.shop.category;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;

/**
 * Every setting of the category service (prefix {@code category}), with its default: this is the
 * only place a default lives ({@code application.properties} holds per-profile differences only).
 */
@ConfigMapping(prefix = "category")
public interface CategoryConfig {

    Page page();

    Tree tree();

    /** {@code category.tree-lock.*}: the tree lease (the keys keep the name they were deployed with). */
    @WithName("tree-lock")
    TreeLease treeLease();

    Reconcile reconcile();

    /** {@code category.import.*}: the bulk import of categories. */
    @WithName("import")
    Import importing();

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

    interface TreeLease {
        /**
         * How long a change of the tree may hold the tree lease without renewing it: longer than
         * the longest change, and the bound on how long a holder that died keeps the others out.
         */
        @WithDefault("15s")
        Duration lease();

        /**
         * How long a change waits for the lease before answering 503 tree-busy. Below the gateway's
         * upstream timeout (10 s), so that a client gets this service's own 503 problem rather
         * than the gateway's 504.
         */
        @WithDefault("4s")
        Duration maxWait();
    }

    interface Reconcile {
        /** Passes of re-derive-and-fix before a reconcile gives up and leaves the rest to repair. */
        @WithDefault("10")
        int maxPasses();
    }

    interface Import {
        /**
         * How long an import waits for the tree lease before its run fails (tree-busy). A job, not a
         * request: it outwaits a lease left by a dead holder ({@code category.tree-lock.lease}).
         */
        @WithName("lock-max-wait")
        @WithDefault("60s")
        Duration leaseMaxWait();

        /** Documents per bulkWrite command; the lease is renewed before each. */
        @WithDefault("1000")
        int writeBatch();
    }
}

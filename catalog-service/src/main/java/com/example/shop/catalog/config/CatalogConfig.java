package com.example.shop.catalog.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The catalog's own settings (prefix {@code catalog}). */
@ConfigMapping(prefix = "catalog")
public interface CatalogConfig {

    Products products();

    Cursor cursor();

    /** Whether the built-in product types (Audio Album, Film) are inserted at startup when missing. */
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
    }

    interface Cursor {
        /**
         * Key of the HMAC that makes a page cursor tamper-evident. Set one per deployment; every
         * replica needs the same value so that a cursor works on any of them.
         */
        @WithDefault("catalog-cursor-integrity-key-change-me")
        String secret();
    }
}

package com.example.shop.catalog;

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
         * Key of the HMAC that makes a page cursor tamper-evident. Set one per deployment
         * ({@code CATALOG_CURSOR_SECRET}); every replica needs the same value so that a cursor works
         * on any of them. No default: a key printed in the source would let anyone forge cursors,
         * so in {@code prod} start-up fails naming this key until it is set ({@code %dev} and
         * {@code %test} have fixed ones in application.properties).
         */
        String secret();
    }
}

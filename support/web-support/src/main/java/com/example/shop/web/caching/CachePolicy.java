package com.example.shop.web.caching;

/** How a response may be kept by browsers, CDNs and other caches. Chosen per resource with {@link HttpCaching}. */
public enum CachePolicy {
    /**
     * Storefront reads (products, product types, categories): a successful GET or HEAD answers with
     * an {@code ETag}, {@code Cache-Control: public, max-age=…, stale-while-revalidate=…} and 304 to a
     * matching {@code If-None-Match}. Other methods and other statuses are left alone.
     */
    PUBLIC_READ,
    /** Per-shopper state (carts, inventory counts): {@code Cache-Control: no-store} on every answer. */
    NO_STORE,
    /** Admin answers: {@code Cache-Control: private, no-store} on every answer. */
    PRIVATE_NO_STORE
}

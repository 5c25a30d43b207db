package com.example.shop.web.caching;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Freshness of public reads ({@link CachePolicy#PUBLIC_READ}); env {@code WEB_CACHING_PUBLIC_MAX_AGE}, ... */
@ConfigMapping(prefix = "web.caching")
public interface CachingConfig {

    /** How long a cache may serve a public read without asking again ({@code max-age}). */
    @WithDefault("30s")
    Duration publicMaxAge();

    /**
     * How long after that a cache may still serve it while it revalidates in the background
     * ({@code stale-while-revalidate}): a storefront never waits for a revalidation.
     */
    @WithDefault("60s")
    Duration staleWhileRevalidate();
}

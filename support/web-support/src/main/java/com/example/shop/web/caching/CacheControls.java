package com.example.shop.web.caching;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The {@code Cache-Control} value of each policy. A normal-scoped bean so that the filter, which
 * REST creates at static init, reads the runtime configuration only on its first answer.
 */
@ApplicationScoped
public class CacheControls {

    private final String publicRead;

    public CacheControls(CachingConfig config) {
        this.publicRead = "public, max-age=" + config.publicMaxAge().toSeconds()
                + ", stale-while-revalidate=" + config.staleWhileRevalidate().toSeconds();
    }

    public String of(CachePolicy policy) {
        return switch (policy) {
            case PUBLIC_READ -> publicRead;
            case NO_STORE -> "no-store";
            case PRIVATE_NO_STORE -> "private, no-store";
        };
    }
}

package com.example.shop.gateway;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Gateway configuration: where the three services are, how long to wait for them, limits. */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    Upstreams upstreams();

    /**
     * Largest request body forwarded to a service, in bytes; larger ones get a 413 problem. Every
     * request but a bulk import ({@link Limits#importMaxBodySize()}).
     */
    @WithDefault("1048576")
    long maxBodyBytes();

    Limits limits();

    interface Limits {
        /**
         * Largest body of a bulk import ({@code POST /api/admin/{catalog,categories,inventory}/import}),
         * streamed to the service, never held: {@code 1G} is 1 GiB. Larger ones get a 413 problem.
         */
        @WithDefault("1G")
        MemorySize importMaxBodySize();
    }

    Readiness readiness();

    RateLimits rateLimits();

    /**
     * The {@code Retry-After} of every 503 the gateway answers itself (a service cannot be
     * connected to, or its API document was never fetched): long enough for a restart to finish.
     */
    @WithDefault("5s")
    Duration retryAfter();

    ApiDocument openapi();

    interface ApiDocument {
        /**
         * How long the merged API document is served before the services' documents are fetched
         * again (on the next request for it), so that a changed service shows within this time.
         */
        @WithDefault("30s")
        Duration cacheTtl();
    }

    interface Upstreams {
        Upstream catalog();

        Upstream category();

        Upstream cart();
    }

    interface Upstream {
        /** Base URL of the service, for example {@code http://127.0.0.1:8081}. */
        String url();

        /**
         * Base URL of the service's management interface, where its {@code /q/health/ready} and
         * {@code /q/openapi} are: in production the services serve them on a port of their own
         * ({@code http://catalog-service:9000}). Not set: {@link #url()}, as in dev and test,
         * where a service serves everything on one port.
         */
        Optional<String> managementUrl();

        /** Longest wait for the service to send anything (response head or body) before a 504. */
        @WithDefault("10s")
        Duration timeout();

        /** Longest wait for a TCP connection to the service before a 503. */
        @WithDefault("2s")
        Duration connectTimeout();

        /** Maximum HTTP/1.1 connections kept open (keep-alive) to the service. */
        @WithDefault("128")
        int poolSize();

        /**
         * Most requests waiting for a free connection of the pool; one more is a 503 with Retry-After
         * at once. A saturated service (a flash sale's queue) then turns its excess away in
         * microseconds instead of after {@link #connectTimeout()}, and fewer waits run out just as a
         * connection comes free (such a connection is closed, and the pool must open a new one).
         */
        @WithDefault("256")
        int maxWaiting();
    }

    /**
     * Per-client limits on the routes a bot uses to hoard stock, each as {@code <requests>/<period>}
     * (a token bucket of that many requests, refilled at that rate). See {@code RateLimits}.
     */
    interface RateLimits {
        @WithDefault("true")
        boolean enabled();

        /**
         * Proxies in front of the gateway (addresses or CIDR ranges) whose {@code X-Forwarded-For} is
         * believed; from anyone else the peer address is the client.
         */
        Optional<List<String>> trustedProxies();

        /** {@code POST /api/carts}. A shopper needs one cart. */
        @WithDefault("10/1m")
        String createCart();

        /** {@code POST /api/carts/{id}/items}. */
        @WithDefault("60/1m")
        String addLine();

        /** {@code PUT} and {@code DELETE /api/carts/{id}/items/{sku}}. */
        @WithDefault("60/1m")
        String changeLine();

        /** {@code POST /api/carts/{id}/checkout}. */
        @WithDefault("10/1m")
        String checkout();
    }

    interface Readiness {
        /** Timeout of one probe of a service's {@code /q/health/ready}. */
        @WithDefault("1s")
        Duration timeout();

        /** How long a readiness answer is reused, so a flood of probes does not reach the services. */
        @WithDefault("2s")
        Duration cacheTtl();
    }
}

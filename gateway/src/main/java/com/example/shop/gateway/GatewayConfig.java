package com.example.shop.gateway;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Gateway configuration: where the three services are, how long to wait for them, limits. */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    Upstreams upstreams();

    /** Largest request body forwarded to a service, in bytes; larger ones get a 413 problem. */
    @WithDefault("1048576")
    long maxBodyBytes();

    Readiness readiness();

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

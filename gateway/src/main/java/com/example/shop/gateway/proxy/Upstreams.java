package com.example.shop.gateway.proxy;

import com.example.shop.gateway.GatewayConfig;
import com.example.shop.publicapi.Routes;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** The services behind the gateway, each an {@link Upstream}: made from the configuration once, closed at shutdown. */
@ApplicationScoped
public class Upstreams {

    private final Map<String, Upstream> byService = new LinkedHashMap<>();

    public Upstreams(Vertx vertx, GatewayConfig config) {
        long retryAfter = config.retryAfter().toSeconds();
        byService.put(Routes.CATALOG, new Upstream(vertx, Routes.CATALOG, config.upstreams().catalog(), retryAfter));
        byService.put(Routes.CATEGORY, new Upstream(vertx, Routes.CATEGORY, config.upstreams().category(), retryAfter));
        byService.put(Routes.CART, new Upstream(vertx, Routes.CART, config.upstreams().cart(), retryAfter));
    }

    /** The service of that name ({@link Routes#CATALOG}, ...), or null. */
    public Upstream get(String service) {
        return byService.get(service);
    }

    /** Every service, in the order of the routing table's names. */
    public Collection<Upstream> all() {
        return byService.values();
    }

    void close(@Observes ShutdownEvent event) {
        byService.values().forEach(Upstream::close);
    }
}

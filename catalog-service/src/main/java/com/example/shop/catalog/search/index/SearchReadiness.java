package com.example.shop.catalog.search.index;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** DOWN until this replica's search index is usable (found current, or built): listings are served from it. */
@Readiness
@Singleton
record SearchReadiness(ProductIndex index) implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named(ProductIndex.DEPENDENCY).status(index.isUsable()).build();
    }
}

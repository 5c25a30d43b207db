package com.example.shop.catalog.schema;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the indexes and product types are in place (retried on each probe until then). The
 * MongoDB client's own readiness check reports whether the database answers right now.
 */
@Readiness
@ApplicationScoped
public class CatalogReadiness implements HealthCheck {

    private final CatalogSchema schema;

    public CatalogReadiness(CatalogSchema schema) {
        this.schema = schema;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("catalog-schema").status(schema.ensure()).build();
    }
}

package com.example.shop.web.database;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * DOWN until the service's indexes (and what it puts in place after them) exist. It only reports:
 * {@link SchemaSetup} does the retrying, so a probe never waits for the database. The MongoDB
 * client's own check reports whether the database answers right now.
 */
@Readiness
@Singleton
public record SchemaReadiness(SchemaSetup setup) implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("mongodb-schema").status(setup.isReady());
        if (!setup.isReady()) {
            response.withData("pending", setup.pending());
        }
        return response.build();
    }
}

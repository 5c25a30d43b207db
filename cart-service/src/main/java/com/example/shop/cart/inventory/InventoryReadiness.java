package com.example.shop.cart.inventory;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** DOWN while stock written by the first model is being converted ({@link InventoryMigration}). */
@Readiness
@Singleton
public record InventoryReadiness(InventoryMigration migration) implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("inventory-ledger").status(migration.done()).build();
    }
}

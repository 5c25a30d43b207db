package com.example.shop.cart.inventory;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** DOWN while stock written by the first model is being converted ({@link InventoryMigration}). */
@Readiness
@ApplicationScoped
public class InventoryReadiness implements HealthCheck {

    private final InventoryMigration migration;

    InventoryReadiness(InventoryMigration migration) {
        this.migration = migration;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("inventory-ledger").status(migration.done()).build();
    }
}

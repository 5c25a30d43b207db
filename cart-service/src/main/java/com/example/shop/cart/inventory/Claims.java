package com.example.shop.cart.inventory;

import java.time.Instant;
import java.util.OptionalLong;

/**
 * What the carts claim of their reservations, as {@link CleanupInventory} needs to know it before it
 * returns a reservation's excess. The carts feature answers it (it owns the carts); the inventory
 * feature does not read carts itself, so the dependency runs one way: carts use inventory.
 */
public interface Claims {

    /**
     * The units of {@code sku} the cart still claims, if nothing may be changing it: a cart that was
     * modified at or after {@code cutoff}, or is in the middle of checkout or expiry, may have a
     * request or a job in flight and answers empty (leave its reservation alone).
     */
    OptionalLong claimed(String cartId, String sku, Instant cutoff);
}

package com.example.shop.cart;

import com.example.shop.web.database.FeatureIndexes;

/**
 * The collections of the cart database and the indexes the scheduled jobs and admin views query
 * by: carts by {@code status, last_modified} (expiry, stalled checkouts), stock by available and
 * by reserved units (the stock overview), the unit moves in flight by time (cleanup), and the job
 * runs by start. A sku's reservations need no index of their own: their ids put them side by side
 * in the {@code _id} index. Each feature's store declares the indexes of its collections
 * ({@link FeatureIndexes}), built from its stored records' field names; web-support's
 * {@code SchemaSetup} gathers them, creates them and keeps trying until they exist (a
 * service started before its replica set had a primary gets them as soon as there is one);
 * readiness is DOWN until then.
 *
 * <p>Each collection belongs to one feature, whose store opens it: {@code cart} to
 * {@code carts.CartsStore}; {@code inventory} (the collection of record for stock),
 * {@code reservations}, {@code inventory_moves} and {@code migrations} to
 * {@code inventory.InventoryStore}; {@code job_runs} and {@code job_leases} to {@code jobs.JobsStore}.
 */
public final class CartSchema {

    public static final String CARTS = "cart";
    public static final String INVENTORY = "inventory";
    public static final String RESERVATIONS = "reservations";
    public static final String INVENTORY_MOVES = "inventory_moves";
    public static final String MIGRATIONS = "migrations";
    /** Availability transitions (sold out, available again) not yet delivered to the catalog, one per sku. */
    public static final String AVAILABILITY_OUTBOX = "availability_outbox";
    /** The availability the catalog last acknowledged per sku (skus never reported sold out have none). */
    public static final String AVAILABILITY_LISTED = "availability_listed";
    public static final String JOB_RUNS = "job_runs";
    public static final String JOB_LEASES = "job_leases";

    private CartSchema() {
    }
}

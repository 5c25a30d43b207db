package com.example.shop.cart;

import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The collections of the cart database and the indexes the scheduled jobs query by (book ch. 5):
 * carts by {@code status, last_modified} (expiry, stalled checkouts), inventory by
 * {@code carted.cart_id} and {@code carted.timestamp} (cleanup), and the job runs by start.
 * Without them each job run scans a whole collection. web-support's {@code SchemaSetup} creates
 * them and keeps trying until they exist (a service started before its replica set had a primary
 * gets them as soon as there is one); readiness is DOWN until then.
 *
 * <p>Each collection belongs to one feature, whose store opens it: {@code cart} to
 * {@code carts.CartsStore}, {@code inventory} (the collection of record for stock) to
 * {@code inventory.InventoryStore}, {@code job_runs} and {@code job_leases} to {@code jobs.JobsStore}.
 */
@ApplicationScoped
public class CartSchema implements DatabaseSchema {

    public static final String CARTS = "cart";
    public static final String INVENTORY = "inventory";
    public static final String JOB_RUNS = "job_runs";
    public static final String JOB_LEASES = "job_leases";

    @Override
    public List<RequiredIndex> indexes() {
        return List.of(
                RequiredIndex.on(CARTS, Indexes.ascending("status", "last_modified"),
                        new IndexOptions().name("status_last_modified")),
                RequiredIndex.on(INVENTORY, Indexes.ascending("carted.cart_id"), new IndexOptions().name("carted_cart_id")),
                RequiredIndex.on(INVENTORY, Indexes.ascending("carted.timestamp"),
                        new IndexOptions().name("carted_timestamp")),
                // the job runs, newest first, of one job and of all (GET /admin/jobs/runs)
                RequiredIndex.on(JOB_RUNS, Indexes.compoundIndex(Indexes.ascending("job"),
                        Indexes.descending("started_at", "_id")), new IndexOptions().name("job_started_at")),
                RequiredIndex.on(JOB_RUNS, Indexes.descending("started_at", "_id"),
                        new IndexOptions().name("started_at")));
    }
}

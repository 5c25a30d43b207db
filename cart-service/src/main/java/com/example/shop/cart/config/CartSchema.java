package com.example.shop.cart.config;

import com.example.shop.web.database.DatabaseSchema;
import com.example.shop.web.database.RequiredIndex;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The indexes the scheduled jobs query by (book ch. 5): carts by {@code status, last_modified}
 * (expiry, stalled checkouts), inventory by {@code carted.cart_id} and {@code carted.timestamp}
 * (cleanup), and the job runs by start. Without them each job run scans a whole collection. web-support's
 * {@code SchemaSetup} creates them and keeps trying until they exist (a service started before
 * its replica set had a primary gets them as soon as there is one); readiness is DOWN until then.
 */
@ApplicationScoped
public class CartSchema implements DatabaseSchema {

    @Override
    public List<RequiredIndex> indexes() {
        return List.of(
                RequiredIndex.on(CartDatabase.CARTS, Indexes.ascending("status", "last_modified"),
                        new IndexOptions().name("status_last_modified")),
                RequiredIndex.on(CartDatabase.INVENTORY, Indexes.ascending("carted.cart_id"), new IndexOptions().name("carted_cart_id")),
                RequiredIndex.on(CartDatabase.INVENTORY, Indexes.ascending("carted.timestamp"),
                        new IndexOptions().name("carted_timestamp")),
                // the job runs, newest first, of one job and of all (GET /admin/jobs/runs)
                RequiredIndex.on(CartDatabase.JOB_RUNS, Indexes.compoundIndex(Indexes.ascending("job"),
                        Indexes.descending("started_at", "_id")), new IndexOptions().name("job_started_at")),
                RequiredIndex.on(CartDatabase.JOB_RUNS, Indexes.descending("started_at", "_id"),
                        new IndexOptions().name("started_at")));
    }
}

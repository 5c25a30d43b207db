package com.example.shop.cart.jobs;

import com.example.shop.cart.CartConfig;
import com.example.shop.web.leases.LeaseStore;
import com.example.shop.web.runs.RunStore;
import com.mongodb.client.MongoDatabase;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The jobs feature's records, kept by web-support: the runs of the jobs in the service's
 * {@code runs} ({@link RunStore}, kinds {@code expire-carts}, {@code cleanup-inventory},
 * {@code resolve-checkouts}) and one lease per job in {@code leases} ({@link LeaseStore#named}, its
 * id the job's name, its holder the run's id). A run not heard of for a lease is taken for dead: it
 * heartbeats only after renewing its lease (see docs/design.md, Runs and Leases).
 */
@Singleton
public record JobsStore(RunStore runs, LeaseStore leases) {

    /** The service's named leases, one per job here. */
    private static final String LEASES = "leases";
    private static final String ABANDONED = "abandoned: the instance running it stopped before it finished";

    @Inject
    public JobsStore(MongoDatabase database, CartConfig config) {
        this(database, config.jobs().lease());
    }

    /** The service's database, or any other: tests run a second "replica" of the jobs on a client of their own. */
    public JobsStore(MongoDatabase database, Duration lease) {
        this(new RunStore(database, lease, ABANDONED), LeaseStore.named(database.getCollection(LEASES)));
    }
}

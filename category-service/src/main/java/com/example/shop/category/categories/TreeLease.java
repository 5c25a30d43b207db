package com.example.shop.category.categories;

import com.example.shop.category.CategoryConfig;
import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.DatabaseReachability;
import com.example.shop.web.leases.LeaseStore;
import com.mongodb.MongoException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The lease {@code tree}, held by every change of the tree so that changes never interleave: a
 * check cannot be overtaken, and a move derives new ancestors from stored ones. A holder that died
 * may have left a change half done, so whoever takes the lease over from it reconciles the tree
 * first (docs/design.md#category-tree, #leases).
 */
@ApplicationScoped
public class TreeLease {

    private static final Logger LOG = Logger.getLogger(TreeLease.class);
    /** The lease's name in the service's {@code leases}. */
    static final String TREE = "tree";

    private final LeaseStore leases;
    private final CategoryConfig config;
    private final Reconciler reconciler;
    private final DatabaseReachability database;

    public TreeLease(CategoryStore store, CategoryConfig config, Reconciler reconciler, DatabaseReachability database) {
        this.leases = store.leases();
        this.config = config;
        this.reconciler = reconciler;
        this.database = database;
    }

    /** Proof, for the use cases that need it, that the caller holds the lease. */
    public static final class Held {
        private final String holder;

        private Held(String holder) {
            this.holder = holder;
        }
    }

    /** Runs {@code work} holding the lease, waiting for it up to {@code category.tree-lock.max-wait}. */
    public <T> T withLease(Function<Held, T> work) {
        return withLease(config.treeLease().maxWait(), work);
    }

    /**
     * Runs {@code work} holding the lease, waiting for it up to {@code maxWait} (then 503 tree-busy),
     * and gives it back afterwards whatever the outcome: only a process that dies leaves it held.
     */
    public <T> T withLease(Duration maxWait, Function<Held, T> work) {
        Held held = take(maxWait);
        try {
            return work.apply(held);
        } finally {
            release(held);
        }
    }

    /**
     * Extends the lease for work that outlasts one term (an import, before each batch). A lease
     * lost meanwhile (it expired and another holder took it) throws 503 tree-busy: the caller must
     * stop writing.
     */
    public void renew(Held held) {
        if (!leases.renew(TREE, held.holder, config.treeLease().lease(), Instant.now())) {
            LOG.warnf("Tree lease lost: it expired and was taken over before its holder finished");
            throw CategoryProblems.treeBusy();
        }
    }

    /**
     * A reconcile that fails leaves the lease taken and not given back, so the next taker sees a
     * previous holder once it expires, and reconciles in turn.
     */
    private Held take(Duration maxWait) {
        String holder = UUID.randomUUID().toString();
        long deadline = System.nanoTime() + maxWait.toNanos();
        while (true) {
            Optional<LeaseStore.Taken> taken = leases.take(TREE, holder, config.treeLease().lease(), Instant.now());
            if (taken.isPresent()) {
                if (taken.get().previousHolder().isPresent()) {
                    LOG.warnf("Tree lease taken over from %s, whose lease expired unreleased (it may have died half-way);"
                            + " reconciling the tree first", taken.get().previousHolder().get());
                    reconciler.reconcileAll();
                }
                return new Held(holder);
            }
            if (System.nanoTime() > deadline) {
                throw CategoryProblems.treeBusy();
            }
            try {
                Thread.sleep(5 + ThreadLocalRandom.current().nextInt(20));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CategoryProblems.treeBusy();
            }
        }
    }

    /**
     * Gives the lease back; not while the driver sees no writable server, where the release would
     * wait out server selection again after the change's own failed write. It is then given up as
     * expired once the database answers ({@link #expireWhenBack}).
     */
    private void release(Held held) {
        if (!database.writable()) {
            LOG.warnf("The tree lease %s is given up once the database answers again: it is unreachable", held.holder);
            expireWhenBack(held, System.nanoTime() + config.treeLease().lease().toNanos());
            return;
        }
        leases.release(TREE, held.holder);
    }

    /**
     * Expires a lease this replica could not give back, retrying in the background until the
     * database takes it or the lease would have expired by itself ({@code until}). The next holder
     * then takes it at once and, seeing a previous holder, reconciles what the failed change left
     * half done; otherwise changes would be refused as tree-busy for up to a lease after an outage.
     */
    private void expireWhenBack(Held held, long until) {
        CompletableFuture.runAsync(() -> {
            if (System.nanoTime() > until) {
                return;
            }
            try {
                if (leases.expire(TREE, held.holder, Instant.now())) {
                    LOG.infof("The tree lease %s was given up as expired: the next holder reconciles the tree", held.holder);
                }
            } catch (MongoException e) {
                expireWhenBack(held, until);
            }
        }, CompletableFuture.delayedExecutor(500, TimeUnit.MILLISECONDS));
    }
}

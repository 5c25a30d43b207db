package com.example.shop.category.categories;

import com.example.shop.category.CategoryConfig;
import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.DatabaseReachability;
import com.mongodb.MongoException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Date;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.bson.Document;
import org.jboss.logging.Logger;

/**
 * A lease on the tree, held by every change of a category (create, move, rename, slug change,
 * delete), so that changes never interleave: the cycle check of a move and the no-children check
 * of a delete cannot be overtaken, and a move can compute its descendants' new ancestors from the
 * stored ones, which no one else changes meanwhile. It is one document,
 * {@code tree_locks {_id: "tree"}}, taken and released with single-document guarded updates (no
 * transaction):
 * <pre>
 *   take:    findOneAndUpdate({_id:"tree", $or:[{owner:null}, {expiresAt:{$lt:now}}]},
 *                             {$set:{owner, expiresAt:now+lease}})      (answers the document before)
 *   release: updateOne({_id:"tree", owner}, {$set:{owner:null, expiresAt:null}})
 * </pre>
 * A holder that dies leaves the lease to expire, and may leave a change half done (a parent
 * pointer moved, its descendants' ancestors not yet). The next holder sees from the document it
 * took over that the previous holder never released it, and first reconciles the whole tree
 * ({@link Reconciler#reconcileAll}: ancestors re-derived from parent pointers and current labels)
 * before its own change. So whoever holds the lease finds the stored ancestors right, with one
 * exception: a change that fails between two of its writes while its process lives (a database
 * error) releases the lease like any other, and what it left half done stays until
 * {@code POST /admin/categories/repair} (verify reports it); unless the database is unreachable
 * then: the lease is given up as expired once it answers again ({@link #release}), and its next
 * holder reconciles.
 */
@ApplicationScoped
public class TreeLock {

    private static final Logger LOG = Logger.getLogger(TreeLock.class);
    /** The lease document's id. */
    private static final String TREE = "tree";
    /** The lease document's fields. */
    private static final String ID = "_id";
    private static final String OWNER = "owner";
    private static final String EXPIRES_AT = "expiresAt";

    private final CategoryStore store;
    private final CategoryConfig config;
    private final Reconciler reconciler;
    private final DatabaseReachability database;

    public TreeLock(CategoryStore store, CategoryConfig config, Reconciler reconciler, DatabaseReachability database) {
        this.store = store;
        this.config = config;
        this.reconciler = reconciler;
        this.database = database;
    }

    /** A held lease: proof, for the use cases that need it, that the caller holds the lock. */
    public static final class Lease {
        private final String owner;

        private Lease(String owner) {
            this.owner = owner;
        }
    }

    /**
     * Runs {@code work} holding the lease and releases it afterwards, whatever the outcome. Only a
     * holder that dies (the process, not the request) leaves the lease held, until it expires.
     */
    public <T> T withLock(Function<Lease, T> work) {
        return withLock(config.treeLock().maxWait(), work);
    }

    /**
     * As {@link #withLock(Function)}, waiting for the lease up to {@code maxWait} (a job such as an
     * import waits longer than a request, which answers 503 tree-busy after
     * {@code category.tree-lock.max-wait}).
     */
    public <T> T withLock(Duration maxWait, Function<Lease, T> work) {
        Lease lease = acquire(maxWait);
        try {
            return work.apply(lease);
        } finally {
            release(lease);
        }
    }

    /**
     * Extends the held lease by another {@code category.tree-lock.lease} from now, for a holder
     * whose work outlasts one lease (an import renews it before each batch of writes):
     * {@code updateOne({_id:"tree", owner}, {$set:{expiresAt: now+lease}})}. When nothing matches,
     * the lease expired and another holder took it over: the caller must stop writing, and this
     * throws 503 tree-busy.
     */
    public void renew(Lease lease) {
        Date now = new Date();
        long matched = store.locks().updateOne(Filters.and(Filters.eq(ID, TREE), Filters.eq(OWNER, lease.owner)),
                Updates.set(EXPIRES_AT, new Date(now.getTime() + config.treeLock().lease().toMillis()))).getMatchedCount();
        if (matched == 0) {
            LOG.warnf("Tree lock lost: the lease expired and was taken over before its holder finished");
            throw CategoryProblems.treeBusy();
        }
    }

    private volatile boolean lockDocumentReady;

    void onStart(@Observes StartupEvent event) {
        try {
            ensureLockDocument();
        } catch (MongoException e) {
            LOG.warnf("Could not create the tree lock document at startup (%s); will retry on first use", e.getMessage());
        }
    }

    void ensureLockDocument() {
        if (lockDocumentReady) {
            return;
        }
        if (store.locks().find(Filters.eq(ID, TREE)).first() == null) {
            try {
                store.locks().insertOne(free());
            } catch (MongoException e) {
                if (!CategoryStore.isDuplicateKey(e)) {
                    throw e;
                }
            }
        }
        lockDocumentReady = true;
    }

    private static Document free() {
        return new Document(ID, TREE).append(OWNER, null).append(EXPIRES_AT, null);
    }

    private Lease acquire(Duration maxWait) {
        ensureLockDocument();
        String owner = UUID.randomUUID().toString();
        Duration lease = config.treeLock().lease();
        long deadline = System.nanoTime() + maxWait.toNanos();
        while (true) {
            Date now = new Date();
            Document before = store.locks().findOneAndUpdate(
                    Filters.and(Filters.eq(ID, TREE),
                            Filters.or(Filters.eq(OWNER, null), Filters.lt(EXPIRES_AT, now))),
                    Updates.combine(Updates.set(OWNER, owner),
                            Updates.set(EXPIRES_AT, new Date(now.getTime() + lease.toMillis()))),
                    new FindOneAndUpdateOptions().returnDocument(ReturnDocument.BEFORE));
            if (before != null) {
                if (before.getString(OWNER) != null) {
                    LOG.warnf("Tree lock taken over from a holder whose lease expired (it may have died half-way); reconciling the tree first");
                    reconciler.reconcileAll();
                }
                return new Lease(owner);
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
     * Gives the lease back. Not while the driver sees no writable server: the update would wait out
     * the server selection timeout and fail, after the change had already waited that long for its
     * own failed write. The lease is then {@linkplain #expireWhenBack expired} once the database
     * answers again.
     */
    private void release(Lease lease) {
        if (!database.writable()) {
            LOG.warnf("The tree lease %s is given up once the database answers again: it is unreachable", lease.owner);
            expireWhenBack(lease, System.nanoTime() + config.treeLock().lease().toNanos());
            return;
        }
        store.locks().updateOne(Filters.and(Filters.eq(ID, TREE), Filters.eq(OWNER, lease.owner)),
                Updates.combine(Updates.set(OWNER, null), Updates.set(EXPIRES_AT, null)));
    }

    /**
     * Marks a lease this replica could not give back as expired, retrying every 500 ms in the
     * background until the database takes it, or until the lease would have expired by itself
     * ({@code until}). The owner stays: the next holder takes it over at once and, as after a holder
     * that died, reconciles the tree first, which mends what the failed change left half done.
     * Otherwise tree changes would be refused as tree-busy for up to a whole lease after an outage.
     */
    private void expireWhenBack(Lease lease, long until) {
        CompletableFuture.runAsync(() -> {
            if (System.nanoTime() > until) {
                return;
            }
            try {
                long matched = store.locks().updateOne(Filters.and(Filters.eq(ID, TREE), Filters.eq(OWNER, lease.owner)),
                        Updates.set(EXPIRES_AT, new Date())).getMatchedCount();
                if (matched > 0) {
                    LOG.infof("The tree lease %s was given up as expired: the next holder reconciles the tree", lease.owner);
                }
            } catch (MongoException e) {
                expireWhenBack(lease, until);
            }
        }, CompletableFuture.delayedExecutor(500, TimeUnit.MILLISECONDS));
    }
}

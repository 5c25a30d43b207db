package com.example.shop.category.tree;

import com.example.shop.category.config.CategoryConfig;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Date;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.jboss.logging.Logger;

/**
 * A lease on the tree's shape, held by every change of parent pointers (create, move, delete) so
 * that the cycle check of a move and the no-children check of a delete cannot be overtaken by a
 * concurrent change of shape. It is one document, {@code tree_locks {_id: "tree"}}, taken and
 * released with single-document guarded updates (no transaction):
 * <pre>
 *   take:    findOneAndUpdate({_id:"tree", $or:[{owner:null}, {expiresAt:{$lt:now}}]},
 *                             {$set:{owner, expiresAt:now+lease, intent:null}})
 *   intent:  updateOne({_id:"tree", owner}, {$set:{intent: nodeId}})   before the first write
 *   release: updateOne({_id:"tree", owner}, {$set:{owner:null, expiresAt:null, intent:null}})
 * </pre>
 * A holder that dies leaves the lease to expire; the next holder sees the dead holder's
 * {@code intent} and first reconciles that subtree (crash recovery). Renames and slug changes do
 * not take the lock: they do not change the shape and converge on their own (see the use cases).
 */
@ApplicationScoped
public class TreeLock {

    private static final Logger LOG = Logger.getLogger(TreeLock.class);
    private static final String ID = "tree";

    private final CategoryStore store;
    private final CategoryConfig config;
    private final Reconciler reconciler;
    private final SchemaSetup schema;

    public TreeLock(CategoryStore store, CategoryConfig config, Reconciler reconciler, SchemaSetup schema) {
        this.store = store;
        this.config = config;
        this.reconciler = reconciler;
        this.schema = schema;
    }

    /** A held lease. */
    public final class Lease {
        private final String owner;

        private Lease(String owner) {
            this.owner = owner;
        }

        /** Records which subtree is about to change, so that a successor can repair it after a crash. */
        public void intend(ObjectId node) {
            store.locks().updateOne(Filters.and(Filters.eq("_id", ID), Filters.eq("owner", owner)),
                    Updates.set("intent", node));
        }
    }

    /** Runs {@code work} holding the lease; a {@link InterruptedOperation} leaves it held, as a crash would. */
    public <T> T withLock(Function<Lease, T> work) {
        Lease lease = acquire();
        boolean release = true;
        try {
            return work.apply(lease);
        } catch (InterruptedOperation e) {
            release = false;
            throw e;
        } finally {
            if (release) {
                release(lease);
            }
        }
    }

    private volatile boolean lockDocumentReady;

    void onStart(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event) {
        try {
            ensureLockDocument();
        } catch (MongoException e) {
            LOG.warnf("Could not create the tree lock document at startup (%s); will retry on first use", e.getMessage());
        }
    }

    public void ensureLockDocument() {
        if (lockDocumentReady) {
            return;
        }
        if (store.locks().find(Filters.eq("_id", ID)).first() == null) {
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
        return new Document("_id", ID).append("owner", null).append("expiresAt", null).append("intent", null);
    }

    private Lease acquire() {
        schema.requireReady(); // the shape changes rely on the unique slug index

        ensureLockDocument();
        String owner = UUID.randomUUID().toString();
        Duration lease = config.treeLock().lease();
        long deadline = System.nanoTime() + config.treeLock().maxWait().toNanos();
        while (true) {
            Date now = new Date();
            Document before = store.locks().findOneAndUpdate(
                    Filters.and(Filters.eq("_id", ID),
                            Filters.or(Filters.eq("owner", null), Filters.lt("expiresAt", now))),
                    Updates.combine(Updates.set("owner", owner),
                            Updates.set("expiresAt", new Date(now.getTime() + lease.toMillis())),
                            Updates.set("intent", null)),
                    new FindOneAndUpdateOptions().returnDocument(ReturnDocument.BEFORE));
            if (before != null) {
                Lease held = new Lease(owner);
                ObjectId unfinished = before.getString("owner") != null ? before.getObjectId("intent") : null;
                if (unfinished != null) {
                    LOG.warnf("Tree lock taken over from an expired holder that was changing %s; reconciling that subtree", unfinished);
                    held.intend(unfinished);
                    reconciler.reconcileSubtree(unfinished);
                    held.intend(null);
                }
                return held;
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

    private void release(Lease lease) {
        store.locks().updateOne(Filters.and(Filters.eq("_id", ID), Filters.eq("owner", lease.owner)),
                Updates.combine(Updates.set("owner", null), Updates.set("expiresAt", null), Updates.set("intent", null)));
    }
}

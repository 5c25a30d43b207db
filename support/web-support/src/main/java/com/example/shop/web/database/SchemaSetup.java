package com.example.shop.web.database;

import com.example.shop.problems.Problems;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.bson.Document;
import org.jboss.logging.Logger;

/**
 * Puts the service's schema in place and keeps trying until it is: at start-up, then every
 * {@code shop.schema.retry-every} on a worker thread. The schema is what the features declare: the
 * indexes of every {@link FeatureIndexes} bean (ordered by collection), then the work of every
 * {@link AfterIndexes} bean; each feature's store names its own collections, and a service's root
 * package knows no feature, so it gathers nothing itself. Readiness ({@link SchemaReadiness}) stays
 * DOWN until then. A service started before its replica set has a primary (a normal first deploy on
 * Kubernetes) thus gets its indexes as soon as the database can take them, without a restart.
 *
 * <p>Each index is created by its own command, so that one conflict does not hold back the
 * others. MongoDB refuses an index whose key pattern exists under another name (85
 * {@code IndexOptionsConflict}) or whose name exists with another key (86
 * {@code IndexKeySpecsConflict}): if an existing index does the same job under whatever name (same
 * keys, same uniqueness; for example {@code sku_1} left by {@code shardCollection}), the required
 * index counts as present; otherwise the conflict is reported and readiness stays DOWN, since
 * the service would run without an index it relies on.
 */
@ApplicationScoped
public class SchemaSetup {

    private static final Logger LOG = Logger.getLogger(SchemaSetup.class);

    private static final int INDEX_OPTIONS_CONFLICT = 85;
    private static final int INDEX_KEY_SPECS_CONFLICT = 86;

    private final List<RequiredIndex> indexes;
    private final List<AfterIndexes> afterIndexes;
    private final MongoDatabase database;
    private final SchemaSetupConfig config;
    private final Vertx vertx;
    private final ReentrantLock attempt = new ReentrantLock();
    private volatile boolean ready;
    private volatile boolean stopped;
    private volatile String pending = "not attempted yet";
    private volatile long retryTimer = -1;

    public SchemaSetup(Instance<FeatureIndexes> features, Instance<AfterIndexes> afterIndexes, MongoDatabase database,
                       SchemaSetupConfig config, Vertx vertx) {
        this.indexes = FeatureIndexes.gather(features);
        this.afterIndexes = afterIndexes.stream().toList();
        this.database = database;
        this.config = config;
        this.vertx = vertx;
        this.ready = indexes.isEmpty() && this.afterIndexes.isEmpty();
    }

    void onStart(@Observes StartupEvent event) {
        if (!attempt(false)) {
            retryLater();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stopped = true;
        vertx.cancelTimer(retryTimer);
    }

    /** The indexes the features declare, in the order they are created. */
    public List<RequiredIndex> indexes() {
        return indexes;
    }

    public boolean isReady() {
        return ready;
    }

    /** What is missing while not ready (for the readiness check's data and the logs). */
    public String pending() {
        return ready ? "" : pending;
    }

    /**
     * For writes that rely on an index (a unique one): tries once more now if the schema is not in
     * place, and refuses with a 503 problem if it still is not, rather than write without it.
     */
    public void requireReady() {
        if (!ready && !attempt(true)) {
            throw Problems.unavailable("mongodb", "The database is not set up yet (" + pending + "); retry later");
        }
    }

    private void retryLater() {
        if (stopped) {
            return;
        }
        retryTimer = vertx.setTimer(config.retryEvery().toMillis(), id -> vertx.executeBlocking(() -> {
            if (!stopped && !attempt(false)) {
                retryLater();
            }
            return null;
        }, false));
    }

    /** One attempt; {@code wait} for one already running rather than report its outcome so far. */
    private boolean attempt(boolean wait) {
        if (ready) {
            return true;
        }
        try {
            if (wait ? !attempt.tryLock(30, TimeUnit.SECONDS) : !attempt.tryLock()) {
                return ready;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ready;
        }
        try {
            if (ready) {
                return true;
            }
            List<String> conflicts = new ArrayList<>();
            for (RequiredIndex index : indexes) {
                ensure(database, index, conflicts);
            }
            if (!conflicts.isEmpty()) {
                if (stillPending("conflicting indexes: " + String.join("; ", conflicts))) {
                    LOG.errorf("Indexes not in place: %s. Drop or rename the conflicting index; readiness stays DOWN"
                            + " and the service retries every %s", pending, config.retryEvery());
                }
                return false;
            }
            afterIndexes.forEach(AfterIndexes::putInPlace);
            ready = true;
            LOG.infof("Database schema in place (%d indexes)", indexes.size());
        } catch (MongoException e) {
            if (stillPending(e.getClass().getSimpleName() + ": " + e.getMessage()) && !stopped) {
                LOG.warnf("Database schema not in place yet (%s); readiness stays DOWN, retrying every %s",
                        pending, config.retryEvery());
            }
        } finally {
            attempt.unlock();
        }
        return ready;
    }

    /** Records what is missing; true when that changed (so that a lasting state is logged once, not at every retry). */
    private boolean stillPending(String what) {
        boolean changed = !what.equals(pending);
        pending = what;
        return changed;
    }

    private static void ensure(MongoDatabase database, RequiredIndex index, List<String> conflicts) {
        MongoCollection<Document> collection = database.getCollection(index.collection());
        try {
            collection.createIndexes(List.of(index.model()));
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != INDEX_OPTIONS_CONFLICT && e.getErrorCode() != INDEX_KEY_SPECS_CONFLICT) {
                throw e;
            }
            Optional<Document> equivalent = collection.listIndexes().into(new ArrayList<>()).stream()
                    .filter(index::isServedBy).findFirst();
            if (equivalent.isPresent()) {
                LOG.infof("Index %s is in place as %s", index, equivalent.get().get("name"));
            } else {
                conflicts.add(index + ": " + e.getErrorMessage());
            }
        }
    }
}

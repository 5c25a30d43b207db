package com.example.shop.catalog.search;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Write-through: every product write of this replica changes the index before it is answered, so
 * that the writer's next listing on this replica shows it. A write goes:
 * <ol>
 * <li>{@link #change()}: the catalog revision moves (one {@code $inc}), before anything is written;</li>
 * <li>the use case writes MongoDB, the system of record;</li>
 * <li>on success the {@link Change} puts or removes the product in the index and refreshes the
 * searchers; on a refusal (412, 404, duplicate) it records that nothing changed; on an error
 * whose outcome is unknown (a timeout, a write concern error) it reads the product back and
 * indexes whatever MongoDB now holds.</li>
 * </ol>
 * A write that fails in between leaves the index behind MongoDB only until the next rebuild; its
 * revision stays unaccounted for ({@link AppliedRevisions}), so the next start rebuilds.
 *
 * <p>While a build scans MongoDB, a product written through meanwhile is newer than anything the
 * scan could still bring, so the scan leaves it alone (under one lock, so that a scanned old state
 * never lands after the written one).
 */
@ApplicationScoped
public class IndexUpdates {

    private static final Logger LOG = Logger.getLogger(IndexUpdates.class);

    private final ProductIndex index;
    private final CatalogRevision revision;
    private final ProductSource source;
    private final AppliedRevisions applied = new AppliedRevisions();
    private final Object lock = new Object();
    /** The skus written through since the running build began; null when no build runs. */
    private Set<String> writtenDuringBuild;

    IndexUpdates(ProductIndex index, CatalogRevision revision, ProductSource source) {
        this.index = index;
        this.revision = revision;
        this.source = source;
    }

    /** Begins a write: counts it in the catalog revision. Call before writing MongoDB. */
    public Change change() {
        return new Change(revision.next());
    }

    /** One write, from its revision to what it did to the index. */
    public final class Change {

        private final CatalogRevision.Stamp stamp;

        private Change(CatalogRevision.Stamp stamp) {
            this.stamp = stamp;
        }

        /** The product was created or replaced: this is it now. */
        public void put(ListedProduct product) {
            applyAndRefresh(List.of(product), List.of());
        }

        /** The product was deleted. */
        public void removed(String sku) {
            applyAndRefresh(List.of(), List.of(sku));
        }

        /** The write was refused and changed nothing. */
        public void none() {
            applied.applied(stamp);
        }

        /**
         * The write's outcome is unknown (or a batch's is mixed): the index takes these products as
         * MongoDB holds them now. If they cannot be read either, the revision stays unaccounted for.
         */
        public void reread(Collection<String> skus) {
            try {
                Map<String, ListedProduct> now = source.find(skus);
                applyAndRefresh(now.values(), skus.stream().filter(sku -> !now.containsKey(sku)).toList());
            } catch (RuntimeException e) {
                LOG.warnf("Products %s could not be read back for the search index (%s); it is rebuilt at the next start",
                        skus.size() > 5 ? skus.size() + " skus" : skus, e.toString());
            }
        }

        /**
         * MongoDB has the write: a failure here must not turn its answer into an error, so it is
         * logged, and the revision left unaccounted for makes the next start rebuild.
         */
        private void applyAndRefresh(Collection<ListedProduct> puts, Collection<String> removals) {
            try {
                if (apply(puts, removals)) {
                    index.refresh();
                    applied.applied(stamp);
                }
            } catch (RuntimeException e) {
                LOG.warnf("A product write could not be applied to the search index (%s); it is rebuilt at the next start",
                        e.toString());
            }
        }
    }

    /**
     * Applies the changes; false when the index is not open yet, in which case the build that opens
     * it reads them from MongoDB (their revision moved before they were written, so no committed
     * index can pass for current).
     */
    private boolean apply(Collection<ListedProduct> puts, Collection<String> removals) {
        synchronized (lock) {
            if (!index.isOpen()) {
                return false;
            }
            for (ListedProduct product : puts) {
                if (writtenDuringBuild != null) {
                    writtenDuringBuild.add(product.sku());
                }
                index.upsert(product);
            }
            for (String sku : removals) {
                if (writtenDuringBuild != null) {
                    writtenDuringBuild.add(sku);
                }
                index.delete(sku);
            }
            return true;
        }
    }

    /** A build begins: from now on the products written through are the build's to leave alone. */
    void buildStarting() {
        synchronized (lock) {
            writtenDuringBuild = new HashSet<>();
        }
    }

    /** A product as the build's scan read it: indexed unless it was written through since the build began. */
    void scanned(ListedProduct product) {
        synchronized (lock) {
            if (!writtenDuringBuild.contains(product.sku())) {
                index.upsert(product);
            }
        }
    }

    /**
     * The scan is over: products the index holds that the scan did not see and nobody wrote
     * through are gone from MongoDB, and are removed.
     */
    void buildScanned(Set<String> seen) throws java.io.IOException {
        index.refresh();
        synchronized (lock) {
            Set<String> gone = new HashSet<>();
            index.forEachSku(sku -> {
                if (!seen.contains(sku) && !writtenDuringBuild.contains(sku)) {
                    gone.add(sku);
                }
            });
            gone.forEach(index::delete);
            writtenDuringBuild = null;
        }
        index.refresh();
    }

    /** The index holds every write up to {@code stamp} (a finished build, or a commit found current). */
    void completeAt(CatalogRevision.Stamp stamp) {
        applied.startFrom(stamp);
    }

    /** What a commit may claim now; null if the index was never known complete. */
    CatalogRevision.Stamp committable() {
        return applied.through();
    }
}

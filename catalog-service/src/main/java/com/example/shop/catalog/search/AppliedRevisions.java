package com.example.shop.catalog.search;

import java.util.TreeSet;

/**
 * Which catalog revisions the index reflects, as one number: {@link #through()} is the highest
 * revision such that every write up to it is in the index. Writes of this replica arrive out of
 * order (concurrent requests) and another replica's writes never arrive here at all, so a gap
 * stays open until it is filled: the marker committed then claims no write the index lacks, and the
 * next start rebuilds an index that another replica's write went past.
 */
final class AppliedRevisions {

    private String epoch;
    private long through = -1;
    private final TreeSet<Long> beyond = new TreeSet<>();

    /** Starts counting from a state known to be fully in the index (a build, or a current commit). */
    synchronized void startFrom(CatalogRevision.Stamp stamp) {
        if (epoch != null && !stamp.epoch().equals(epoch)) {
            beyond.clear();
            through = -1;
        }
        epoch = stamp.epoch();
        through = Math.max(through, stamp.revision());
        advance();
    }

    /** A write with this stamp is in the index (or changed nothing). */
    synchronized void applied(CatalogRevision.Stamp stamp) {
        if (epoch != null && !stamp.epoch().equals(epoch)) {
            return; // the database was replaced under a running replica: only a rebuild can tell what is in it
        }
        if (stamp.revision() > through) {
            beyond.add(stamp.revision());
            advance();
        }
    }

    private void advance() {
        beyond.headSet(through, true).clear();
        while (!beyond.isEmpty() && beyond.first() == through + 1) {
            through = beyond.pollFirst();
        }
    }

    /** The stamp a commit may claim, or null before the index was ever known to be complete. */
    synchronized CatalogRevision.Stamp through() {
        return epoch == null || through < 0 ? null : new CatalogRevision.Stamp(epoch, through);
    }
}

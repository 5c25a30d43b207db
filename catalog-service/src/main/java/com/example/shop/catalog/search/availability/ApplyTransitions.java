package com.example.shop.catalog.search.availability;

import com.example.shop.catalog.search.feed.IndexUpdates;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Takes the cart service's availability transitions into the catalog: MongoDB first (the
 * {@code availability} collection, so that builds and every replica see them), through the same
 * write path as a product write ({@link IndexUpdates#change}: catalog revision and change-feed entry
 * before the write, this replica's index before the answer, the others' through the feed).
 *
 * <p>Idempotent and order-safe: each sku's document is only replaced by a report with a higher
 * {@code seq} (a guarded upsert {@code {_id: sku, seq: {$lt: n}}}: when the stored one is as new or
 * newer, the filter matches nothing and the insert collides with it, which is the stale case). A
 * report as old as or older than what is stored changes nothing, not even the catalog revision.
 */
@Singleton
public record ApplyTransitions(AvailabilityStore store, IndexUpdates updates) {

    /** How many of a batch changed the catalog, and how many were older than what it had. */
    public record Outcome(int applied, int stale) {
    }

    public Outcome apply(List<Transition> transitions) {
        Map<String, Transition> newest = new LinkedHashMap<>();
        for (Transition t : transitions) {
            newest.merge(t.sku(), t, (a, b) -> b.seq() > a.seq() ? b : a);
        }
        Map<String, Long> known = store.sequences(newest.keySet());
        List<Transition> newer = new ArrayList<>();
        for (Transition t : newest.values()) {
            Long seq = known.get(t.sku());
            if (seq == null || seq < t.seq()) {
                newer.add(t);
            }
        }
        int stale = transitions.size() - newer.size();
        if (newer.isEmpty()) {
            return new Outcome(0, stale);
        }
        List<String> skus = newer.stream().map(Transition::sku).toList();
        int applied = 0;
        // an exception before the change is finished (written or not): closing it makes the index take what MongoDB holds
        try (IndexUpdates.Change change = updates.availabilityChange(skus)) {
            Date now = new Date();
            for (Transition t : newer) {
                if (store.record(t, now)) {
                    applied++;
                } else {
                    stale++; // a report as new or newer got there first, after the read of the sequences
                }
            }
            change.reread(skus);
        }
        return new Outcome(applied, stale);
    }
}

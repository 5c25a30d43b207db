package com.example.shop.catalog.search.feed;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The skus of the product writes in flight on this replica (begun by {@link IndexUpdates#change},
 * not finished yet; and the feed follower's read-backs, from the read to the apply), and for each
 * write, which of its skus another write overlapped: two writes of one sku whose lifetimes overlap
 * may reach MongoDB in one order and the index in the other, so neither can trust the product it
 * has in hand ({@link IndexUpdates} reads those skus back under its lock).
 *
 * <p>A write that begins while another write of one of its skus is open marks that sku on both;
 * the mark stays until the write is released. Only skus with a write open are held, so what this
 * keeps is bounded by the writes running, not by the catalog. A map operation per sku, no round
 * trip: an uncontended write costs what it did.
 */
final class SkusInFlight {

    /** Sku → the writes of it open now (almost always one). */
    private final Map<String, List<Claim>> open = new HashMap<>();

    /** One write's hold on its skus, from its beginning until {@link #release}. */
    final class Claim {

        private final Set<String> skus;
        /** Its skus that another write overlapped; guarded by the {@link SkusInFlight}. */
        private final Set<String> overlapped = new HashSet<>();
        private boolean released;

        private Claim(Set<String> skus) {
            this.skus = skus;
        }

        Set<String> skus() {
            return skus;
        }

        /** The skus another write of them overlapped so far (the writes that began while this one was open, or the other way round). */
        Set<String> overlapped() {
            synchronized (SkusInFlight.this) {
                return Set.copyOf(overlapped);
            }
        }

        /** The write is over (applied, refused, or given up): later writes of its skus no longer overlap it. Idempotent. */
        void release() {
            synchronized (SkusInFlight.this) {
                if (released) {
                    return;
                }
                released = true;
                for (String sku : skus) {
                    List<Claim> claims = open.get(sku);
                    claims.remove(this);
                    if (claims.isEmpty()) {
                        open.remove(sku);
                    }
                }
            }
        }
    }

    /** A write of these skus begins. */
    synchronized Claim claim(Collection<String> skus) {
        Claim claim = new Claim(Set.copyOf(skus));
        for (String sku : claim.skus) {
            List<Claim> claims = open.computeIfAbsent(sku, s -> new ArrayList<>(1));
            if (!claims.isEmpty()) {
                claim.overlapped.add(sku);
                claims.forEach(other -> other.overlapped.add(sku));
            }
            claims.add(claim);
        }
        return claim;
    }

    /** How many skus have a write open (a write that never released its claim would show here). */
    synchronized int skusOpen() {
        return open.size();
    }
}

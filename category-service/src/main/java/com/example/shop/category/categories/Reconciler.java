package com.example.shop.category.categories;

import com.example.shop.category.CategoryConfig;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.types.ObjectId;
import org.jboss.logging.Logger;

/**
 * Re-derives the ancestors from the parent pointers (the source of truth) and rewrites those that
 * differ, pass after pass until one finds nothing (at most {@code category.reconcile.max-passes}).
 * Called by the lease taker that took over from a dead holder, and by
 * {@code POST /admin/categories/repair}, which takes no lease: overlapping a move it can leave what
 * verify reports and another repair mends (docs/design.md#category-tree).
 */
@Singleton
public record Reconciler(CategoryStore store, CategoryConfig config, MeterRegistry registry) {

    private static final Logger LOG = Logger.getLogger(Reconciler.class);

    /** A node whose stored ancestors differ from its parent chain, or whose chain is broken ({@code expected} null). */
    public record Discrepancy(Node node, List<Crumb> expected, DiscrepancyKind kind) {
    }

    /** What a reconcile pass sequence did. */
    public record Outcome(int passes, List<Discrepancy> fixed, List<Discrepancy> unfixable, boolean settled) {
    }

    /** Reconciles every category. */
    public Outcome reconcileAll() {
        return settle();
    }

    /** Reports every node whose ancestors disagree with its parent chain, without changing anything. */
    public List<Discrepancy> verifyAll() {
        Map<ObjectId, Node> all = loadAll();
        return diff(all, all.values());
    }

    private Outcome settle() {
        Map<ObjectId, Discrepancy> fixed = new LinkedHashMap<>();
        List<Discrepancy> unfixable = List.of();
        int max = Math.max(1, config.reconcile().maxPasses());
        for (int pass = 1; pass <= max; pass++) {
            Map<ObjectId, Node> targets = loadAll();
            Map<ObjectId, Node> known = new HashMap<>(targets);
            List<Discrepancy> found = diff(known, targets.values());
            List<Discrepancy> fixable = found.stream().filter(d -> d.kind() == DiscrepancyKind.ANCESTORS_MISMATCH).toList();
            unfixable = found.stream().filter(d -> d.kind() != DiscrepancyKind.ANCESTORS_MISMATCH).toList();
            if (fixable.isEmpty()) {
                return new Outcome(pass, List.copyOf(fixed.values()), unfixable, true);
            }
            write(fixable);
            registry.counter("category.ancestors.rewritten", "source", "repair").increment(fixable.size());
            for (Discrepancy d : fixable) {
                fixed.putIfAbsent(d.node().id(), d);
            }
        }
        LOG.warnf("Category ancestors did not settle after %d passes (concurrent changes); POST /admin/categories/repair fixes the rest", max);
        return new Outcome(max, List.copyOf(fixed.values()), unfixable, false);
    }

    /**
     * Compares each target's stored ancestors with the chain of parent pointers above it, loading
     * (in bulk) the chain nodes not yet known. {@code known} grows with what was loaded.
     */
    List<Discrepancy> diff(Map<ObjectId, Node> known, Collection<Node> targets) {
        Set<ObjectId> absent = new HashSet<>();
        Set<ObjectId> wanted = new HashSet<>();
        for (Node n : targets) {
            if (n.parent() != null) {
                wanted.add(n.parent());
            }
            for (Crumb c : n.ancestors()) {
                wanted.add(c.id());
            }
        }
        while (true) {
            wanted.removeAll(known.keySet());
            wanted.removeAll(absent);
            if (!wanted.isEmpty()) {
                for (Node n : store.findByIds(wanted)) {
                    known.put(n.id(), n);
                }
                for (ObjectId id : wanted) {
                    if (!known.containsKey(id)) {
                        absent.add(id);
                    }
                }
            }
            Set<ObjectId> next = new HashSet<>();
            List<Discrepancy> found = new ArrayList<>();
            for (Node n : targets) {
                Chains.Chain chain = Chains.of(n, known);
                if (chain instanceof Chains.Missing missing) {
                    if (absent.contains(missing.id())) {
                        found.add(new Discrepancy(n, null, DiscrepancyKind.MISSING_PARENT));
                    } else {
                        next.add(missing.id());
                    }
                } else if (chain instanceof Chains.Cycle) {
                    found.add(new Discrepancy(n, null, DiscrepancyKind.CYCLE));
                } else if (chain instanceof Chains.Complete complete && !complete.ancestors().equals(n.ancestors())) {
                    found.add(new Discrepancy(n, complete.ancestors(), DiscrepancyKind.ANCESTORS_MISMATCH));
                }
            }
            if (next.isEmpty()) {
                return found;
            }
            wanted = next;
        }
    }

    private void write(List<Discrepancy> fixes) {
        Map<ObjectId, List<Crumb>> ancestors = new LinkedHashMap<>();
        for (Discrepancy d : fixes) {
            ancestors.put(d.node().id(), d.expected());
        }
        store.setAncestors(ancestors);
    }

    Map<ObjectId, Node> loadAll() {
        Map<ObjectId, Node> all = new LinkedHashMap<>();
        for (Node n : store.findAll()) {
            all.put(n.id(), n);
        }
        return all;
    }
}

package com.example.shop.category.tree;

import com.example.shop.category.config.CategoryConfig;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.jboss.logging.Logger;

/**
 * Re-derives {@code ancestors} from parent pointers (the source of truth) and rewrites the ones
 * that differ, in bulk; then checks again, until a pass finds nothing to fix. Idempotent and safe
 * to run at any time, concurrently with anything: whoever writes derived data re-reads the truth
 * afterwards and writes again if it changed, so the last writer of any node leaves it right.
 *
 * <p>Round trips per pass do not depend on the number of nodes: the subtree is found with one
 * indexed query on {@code ancestors._id} plus one query for children by pointer that the derived
 * index may have missed (normally empty), the chain above it with one {@code $in} query, and all
 * fixes go in one unordered {@code bulkWrite}.
 */
@ApplicationScoped
public class Reconciler {

    private static final Logger LOG = Logger.getLogger(Reconciler.class);

    @Inject
    CategoryStore store;

    @Inject
    CategoryConfig config;

    @Inject
    MeterRegistry registry;

    /** A node whose stored ancestors differ from its parent chain, or whose chain is broken. */
    public record Discrepancy(Node node, List<Crumb> expected, String kind) {
        public static final String MISMATCH = "ancestors-mismatch";
        public static final String MISSING_PARENT = "missing-parent";
        public static final String CYCLE = "cycle";
    }

    /** What a reconcile pass sequence did. */
    public record Outcome(int passes, List<Discrepancy> fixed, List<Discrepancy> unfixable, boolean settled) {
    }

    /** Reconciles the subtree rooted at {@code root} (the root included). */
    public Outcome reconcileSubtree(ObjectId root) {
        return settle(() -> discoverSubtree(root), "subtree");
    }

    /** Reconciles every category. */
    public Outcome reconcileAll() {
        return settle(this::loadAll, "repair");
    }

    /** Reports every node whose ancestors disagree with its parent chain, without changing anything. */
    public List<Discrepancy> verifyAll() {
        Map<ObjectId, Node> all = loadAll();
        return diff(all, all.values());
    }

    /**
     * The chain of parent pointers above {@code node} (root first), loading the nodes on it with
     * one {@code $in} query guided by the stored ancestors, plus one more query per level where
     * those were stale.
     */
    public Chains.Chain chainOf(Node node) {
        Map<ObjectId, Node> known = new HashMap<>();
        known.put(node.id(), node);
        Set<ObjectId> wanted = new HashSet<>();
        node.ancestors().forEach(c -> wanted.add(c.id()));
        if (node.parent() != null) {
            wanted.add(node.parent());
        }
        while (true) {
            wanted.removeAll(known.keySet());
            if (!wanted.isEmpty()) {
                for (Node n : store.find(Filters.in("_id", wanted))) {
                    known.put(n.id(), n);
                }
            }
            Chains.Chain chain = Chains.of(node, known);
            if (!(chain instanceof Chains.Missing missing) || wanted.contains(missing.id())) {
                return chain;
            }
            wanted.clear();
            wanted.add(missing.id());
        }
    }

    private interface Loader {
        Map<ObjectId, Node> load();
    }

    private Outcome settle(Loader loader, String source) {
        Map<ObjectId, Discrepancy> fixed = new LinkedHashMap<>();
        List<Discrepancy> unfixable = List.of();
        int max = Math.max(1, config.reconcile().maxPasses());
        for (int pass = 1; pass <= max; pass++) {
            Map<ObjectId, Node> targets = loader.load();
            Map<ObjectId, Node> known = new HashMap<>(targets);
            List<Discrepancy> found = diff(known, targets.values());
            List<Discrepancy> fixable = found.stream().filter(d -> d.kind().equals(Discrepancy.MISMATCH)).toList();
            unfixable = found.stream().filter(d -> !d.kind().equals(Discrepancy.MISMATCH)).toList();
            if (fixable.isEmpty()) {
                return new Outcome(pass, List.copyOf(fixed.values()), unfixable, true);
            }
            write(fixable);
            registry.counter("category.ancestors.rewritten", "source", source).increment(fixable.size());
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
                for (Node n : store.find(Filters.in("_id", wanted))) {
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
                        found.add(new Discrepancy(n, null, Discrepancy.MISSING_PARENT));
                    } else {
                        next.add(missing.id());
                    }
                } else if (chain instanceof Chains.Cycle) {
                    found.add(new Discrepancy(n, null, Discrepancy.CYCLE));
                } else if (chain instanceof Chains.Complete complete && !complete.ancestors().equals(n.ancestors())) {
                    found.add(new Discrepancy(n, complete.ancestors(), Discrepancy.MISMATCH));
                }
            }
            if (next.isEmpty()) {
                return found;
            }
            wanted = next;
        }
    }

    private void write(List<Discrepancy> fixes) {
        List<WriteModel<Document>> updates = new ArrayList<>(fixes.size());
        for (Discrepancy d : fixes) {
            // Filter on _id alone: a value derived from a parent pointer that changed meanwhile is
            // caught by the next pass, which re-reads the truth after this write (a {_id, parent}
            // guard would add nothing to that, and the embedded server scans for any filter that
            // is not exactly an index's keys).
            updates.add(new UpdateOneModel<>(Filters.eq("_id", d.node().id()),
                    Updates.set("ancestors", CategoryStore.crumbs(d.expected()))));
        }
        store.categories().bulkWrite(updates, new BulkWriteOptions().ordered(false));
    }

    /**
     * The subtree of {@code root}: the nodes whose stored ancestors contain it (one indexed query),
     * closed under "child by parent pointer" so that a node whose derived ancestors are stale is
     * still found (one more query, normally empty). Nodes that were found through stale ancestors
     * but are no longer below the root are fixed too: their truth is derived from their own chain.
     */
    Map<ObjectId, Node> discoverSubtree(ObjectId root) {
        Map<ObjectId, Node> nodes = new LinkedHashMap<>();
        for (Node n : store.find(Filters.or(Filters.eq("_id", root), Filters.eq("ancestors._id", root)))) {
            nodes.put(n.id(), n);
        }
        if (!nodes.containsKey(root)) {
            return nodes;
        }
        Set<ObjectId> frontier = new HashSet<>(nodes.keySet());
        while (!frontier.isEmpty()) {
            // children by pointer of the nodes found so far; only ids, the missed ones are normally none
            Set<ObjectId> missed = new HashSet<>();
            for (Document d : store.categories().find(Filters.in("parent", frontier))
                    .projection(Projections.include("_id")).batchSize(10_000)) {
                ObjectId id = d.getObjectId("_id");
                if (!nodes.containsKey(id)) {
                    missed.add(id);
                }
            }
            frontier = new HashSet<>();
            if (!missed.isEmpty()) {
                for (Node n : store.find(Filters.or(Filters.in("_id", missed), Filters.in("ancestors._id", missed)))) {
                    if (nodes.putIfAbsent(n.id(), n) == null) {
                        frontier.add(n.id());
                    }
                }
            }
        }
        return nodes;
    }

    Map<ObjectId, Node> loadAll() {
        Map<ObjectId, Node> all = new LinkedHashMap<>();
        for (Node n : store.find(new Document())) {
            all.put(n.id(), n);
        }
        return all;
    }
}

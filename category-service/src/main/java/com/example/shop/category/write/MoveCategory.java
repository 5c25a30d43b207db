package com.example.shop.category.write;

import com.example.shop.category.tree.CategoryProblems;
import com.example.shop.category.tree.CategoryStore;
import com.example.shop.category.tree.Chains;
import com.example.shop.category.tree.Checkpoints;
import com.example.shop.category.tree.MoveStep;
import com.example.shop.category.tree.Node;
import com.example.shop.category.tree.Reconciler;
import com.example.shop.category.tree.TreeLock;
import com.example.shop.web.Problem;
import com.example.shop.web.ProblemException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Objects;
import org.bson.types.ObjectId;

/**
 * Moves a category and its whole subtree under another parent (or to the root). Runs under the
 * tree lock, which the caller holds ({@link TreeLock.Lease}):
 * <ol>
 * <li>{@link #check}: the new parent's chain, walked by parent pointers, must not contain the node
 * (409, nothing written). Only lock holders change parent pointers, so the check stays true.</li>
 * <li>record the intent (node id) in the lock document;</li>
 * <li>{@code updateOne({_id, parent: old}, {$set: {parent: new}})}: the source of truth changes
 * atomically; from here the derived ancestors of the subtree are stale;</li>
 * <li>{@link Reconciler#reconcileSubtree}: read the subtree (one indexed query + one closure
 * query), re-derive every node's ancestors from parent pointers in memory, write the differences
 * in one unordered {@code bulkWrite}, read again to confirm. A constant number of round trips,
 * whatever the subtree's size.</li>
 * </ol>
 * A crash between 3 and 4 leaves the parent pointer right and the ancestors stale: the next lock
 * holder (after the lease expires) reconciles the recorded subtree, and
 * {@code POST /admin/categories/repair} fixes it at any time.
 */
@ApplicationScoped
public class MoveCategory {

    @Inject
    CategoryStore store;

    @Inject
    Reconciler reconciler;

    @Inject
    Checkpoints checkpoints;

    @Inject
    MeterRegistry registry;

    /** Refuses a move of {@code node} under itself or one of its descendants. */
    public void check(Node node, Node newParent) {
        if (newParent == null) {
            return;
        }
        if (newParent.id().equals(node.id())) {
            throw CategoryProblems.cycle(node.slug(), newParent.slug());
        }
        Chains.Chain chain = reconciler.chainOf(newParent);
        if (chain instanceof Chains.Complete complete) {
            if (complete.ancestors().stream().anyMatch(c -> c.id().equals(node.id()))) {
                throw CategoryProblems.cycle(node.slug(), newParent.slug());
            }
        } else {
            throw new ProblemException(Problem.of(409, "tree-inconsistent", "Tree inconsistent",
                    "The parent chain of '" + newParent.slug() + "' is broken; run POST /admin/categories/repair"));
        }
    }

    /** Moves {@code node} under {@code newParent} (null: make it a root); the caller holds the lock and ran {@link #check}. */
    public Node move(TreeLock.Lease lease, Node node, Node newParent) {
        ObjectId target = newParent == null ? null : newParent.id();
        if (Objects.equals(node.parent(), target)) {
            return node;
        }
        long started = System.nanoTime();
        lease.intend(node.id());
        long matched = store.categories().updateOne(
                Filters.and(Filters.eq("_id", node.id()), Filters.eq("parent", node.parent())),
                Updates.set("parent", target)).getMatchedCount();
        if (matched == 0) {
            throw new ProblemException(Problem.of(409, "concurrent-change", "Concurrent change",
                    "Category '" + node.slug() + "' changed during the move; retry"));
        }
        checkpoints.reached(MoveStep.PARENT_UPDATED);
        reconciler.reconcileSubtree(node.id());
        registry.counter("category.moves").increment();
        registry.timer("category.move.duration").record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
        return store.findById(node.id()).orElseThrow(() -> CategoryProblems.unknownCategory(node.slug()));
    }
}

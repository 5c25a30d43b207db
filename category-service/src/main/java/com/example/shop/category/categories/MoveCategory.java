package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.bson.types.ObjectId;

/**
 * Moves a category and its whole subtree under another parent (or to the root). Runs under the
 * tree lock, which the caller holds ({@link TreeLock.Lease}); under it no other change runs and the
 * stored ancestors are right (see {@link TreeLock}), so the new ancestors are computed from them,
 * without reading the subtree:
 * <ol>
 * <li>{@link #check}: the new parent is not the node and its ancestors do not contain it (409,
 * nothing written);</li>
 * <li>{@code updateOne({_id, parent: old}, {$set: {parent: new}})}: the source of truth changes
 * atomically; from here the derived ancestors of the subtree are stale;</li>
 * <li>one ordered {@code bulkWrite}, one command however large the subtree: the node's ancestors
 * become the new prefix (the new parent's ancestors and the new parent); every descendant
 * ({@code ancestors._id: node}) loses the old prefix ({@code $pull} of its ids) and gets the new
 * one in front ({@code $push} with {@code $position: 0}). The entries from the node down are not
 * touched.</li>
 * </ol>
 * With the lock taken and released, a move is five round trips. A crash between 2 and 3 (or in
 * the middle of 3) leaves the parent pointer right and ancestors stale: the next lock holder
 * reconciles the tree first, and {@code POST /admin/categories/repair} fixes it at any time.
 */
@Singleton
public record MoveCategory(CategoryStore store, Checkpoints checkpoints, MeterRegistry registry) {

    /** Refuses a move of {@code node} under itself or one of its descendants. */
    public void check(Node node, Node newParent) {
        if (newParent == null) {
            return;
        }
        if (newParent.id().equals(node.id()) || newParent.ancestors().stream().anyMatch(c -> c.id().equals(node.id()))) {
            throw CategoryProblems.cycle(node.slug(), newParent.slug());
        }
    }

    /** Moves {@code node} under {@code newParent} (null: make it a root); the caller holds the lock and ran {@link #check}. */
    public Node move(TreeLock.Lease lease, Node node, Node newParent) {
        Objects.requireNonNull(lease, "the tree lock must be held");
        ObjectId target = newParent == null ? null : newParent.id();
        if (Objects.equals(node.parent(), target)) {
            return node;
        }
        long started = System.nanoTime();
        if (!store.setParent(node.id(), node.parent(), target)) {
            throw CategoryProblems.concurrentChange(node.slug());
        }
        checkpoints.reached(MoveStep.PARENT_UPDATED);

        List<Crumb> newPrefix = new ArrayList<>();
        if (newParent != null) {
            newPrefix.addAll(newParent.ancestors());
            newPrefix.add(new Crumb(newParent.id(), newParent.slug(), newParent.name()));
        }
        List<ObjectId> oldPrefix = node.ancestors().stream().map(Crumb::id).toList();
        store.moveAncestors(node.id(), oldPrefix, newPrefix);

        registry.counter("category.moves").increment();
        registry.timer("category.move.duration").record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return new Node(node.id(), node.slug(), node.name(), target, newPrefix);
    }
}

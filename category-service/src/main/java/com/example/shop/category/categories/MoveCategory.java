package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import io.micrometer.core.instrument.MeterRegistry;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.bson.types.ObjectId;

/**
 * Moves a category and its subtree under another parent (or to the root), under the tree lease the
 * caller holds: nothing else changes the tree meanwhile, so the new ancestors are derived from the
 * stored ones without reading the subtree. The parent pointer (the source of truth) is written
 * first, then every ancestors array in one bulk write; a crash between the two leaves stale
 * ancestors, which the next holder reconciles (docs/design.md#category-tree).
 */
@Singleton
public record MoveCategory(CategoryStore store, Seams seams, MeterRegistry registry) {

    /** Refuses a move of {@code node} under itself or one of its descendants. */
    public void check(Node node, Node newParent) {
        if (newParent == null) {
            return;
        }
        if (newParent.id().equals(node.id()) || newParent.ancestors().stream().anyMatch(c -> c.id().equals(node.id()))) {
            throw CategoryProblems.cycle(node.slug(), newParent.slug());
        }
    }

    /** Moves {@code node} under {@code newParent} (null: make it a root); the caller holds the lease and ran {@link #check}. */
    public Node move(TreeLease.Held held, Node node, Node newParent) {
        Objects.requireNonNull(held, "the tree lease must be held");
        ObjectId target = newParent == null ? null : newParent.id();
        if (Objects.equals(node.parent(), target)) {
            return node;
        }
        long started = System.nanoTime();
        if (!store.setParent(node.id(), node.parent(), target)) {
            throw CategoryProblems.concurrentChange(node.slug());
        }
        seams.reached(MoveStep.PARENT_UPDATED);

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

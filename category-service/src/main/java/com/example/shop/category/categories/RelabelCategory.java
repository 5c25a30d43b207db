package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import jakarta.inject.Singleton;
import java.util.Objects;

/**
 * Renames a category and/or changes its slug, then updates the copies in its descendants'
 * ancestors. Runs under the tree lock, which the caller holds: no other change of the tree runs
 * meanwhile, so one propagation with the new labels is final.
 * <ol>
 * <li>{@code updateOne({_id}, {$set:{name, slug}})}: atomic on the node; the unique slug index
 * refuses a duplicate (409) before anything else is written;</li>
 * <li>propagate, as the book: {@code updateMany({"ancestors._id": id},
 * {$set:{"ancestors.$.name": name, "ancestors.$.slug": slug}})}, one multi-document update with
 * the positional operator.</li>
 * </ol>
 * A crash between the two leaves copies with the old labels: the next lock holder reconciles the
 * tree first, and {@code POST /admin/categories/repair} fixes them at any time.
 */
@Singleton
public record RelabelCategory(CategoryStore store, Checkpoints checkpoints, SchemaSetup schema) {

    /** Applies the non-null changes; returns the node as stored afterwards. The caller holds the lock. */
    public Node relabel(TreeLock.Lease lease, Node node, String name, String slug) {
        Objects.requireNonNull(lease, "the tree lock must be held");
        String newName = name != null ? name : node.name();
        String newSlug = slug != null ? slug : node.slug();
        if (!newSlug.equals(node.slug())) {
            // Only the unique slug index refuses a duplicate slug: never change one without it.
            schema.requireReady();
        }
        if (newName.equals(node.name()) && newSlug.equals(node.slug())) {
            return node;
        }
        boolean matched;
        try {
            matched = store.relabel(node.id(), newName, newSlug);
        } catch (MongoException e) {
            if (CategoryStore.isDuplicateKey(e)) {
                throw CategoryProblems.duplicateSlug(newSlug);
            }
            throw e;
        }
        if (!matched) {
            throw CategoryProblems.unknownCategory(node.slug());
        }
        checkpoints.reached(MoveStep.LABEL_UPDATED);
        store.relabelCopies(node.id(), newName, newSlug);
        return new Node(node.id(), newSlug, newName, node.parent(), node.ancestors());
    }
}

package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import com.example.shop.web.seams.Seams;
import jakarta.inject.Singleton;
import java.util.Objects;

/**
 * Renames a category and/or changes its slug, then the copies in its descendants' ancestors, under
 * the tree lease the caller holds, so one propagation with the new labels is final. The unique slug
 * index refuses a duplicate before anything is written; a crash between the two writes leaves old
 * labels in the copies, which the next holder reconciles (docs/design.md#category-tree).
 */
@Singleton
public record RelabelCategory(CategoryStore store, Seams seams, SchemaSetup schema) {

    /** Applies the non-null changes; returns the node as stored afterwards. The caller holds the lease. */
    public Node relabel(TreeLease.Held held, Node node, String name, String slug) {
        Objects.requireNonNull(held, "the tree lease must be held");
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
        seams.reached(MoveStep.LABEL_UPDATED);
        store.relabelCopies(node.id(), newName, newSlug);
        return new Node(node.id(), newSlug, newName, node.parent(), node.ancestors());
    }
}

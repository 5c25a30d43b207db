package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import jakarta.inject.Singleton;

/**
 * Deletes a leaf category, under the tree lease, so that no child is created or moved under it
 * between the check for children (409) and the delete.
 */
@Singleton
public record DeleteCategory(CategoryStore store, TreeLease tree, SchemaSetup schema) {

    public void delete(String slug) {
        schema.requireReady(); // the node is found by slug: only with the unique index is that one node
        tree.withLease(held -> {
            Node node = store.requireBySlug(slug);
            if (store.hasChildren(node.id())) {
                throw CategoryProblems.hasChildren(slug);
            }
            store.delete(node.id());
            return null;
        });
    }
}

package com.example.shop.category.write;

import com.example.shop.category.tree.CategoryProblems;
import com.example.shop.category.tree.CategoryStore;
import com.example.shop.category.tree.Node;
import com.example.shop.category.tree.TreeLock;
import com.mongodb.client.model.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Deletes a leaf category. Under the tree lock, so that no child can be created under it or moved
 * under it between the check and the delete: {@code find({parent: id}).limit(1)} must be empty
 * (else 409), then {@code deleteOne({_id})}.
 */
@ApplicationScoped
public class DeleteCategory {

    @Inject
    CategoryStore store;

    @Inject
    TreeLock lock;

    public void delete(String slug) {
        lock.withLock(lease -> {
            Node node = store.requireBySlug(slug);
            if (store.categories().find(Filters.eq("parent", node.id())).limit(1).first() != null) {
                throw CategoryProblems.hasChildren(slug);
            }
            store.categories().deleteOne(Filters.eq("_id", node.id()));
            return null;
        });
    }
}

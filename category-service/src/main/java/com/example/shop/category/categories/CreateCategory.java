package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.bson.types.ObjectId;

/**
 * Adds a category under the tree lease, so that its parent cannot be deleted, moved or renamed
 * meanwhile: the document has its ancestors (the parent's plus the parent) from its insert on, and
 * the unique slug index refuses a duplicate.
 */
@Singleton
public record CreateCategory(CategoryStore store, TreeLease tree, SchemaSetup schema) {

    public Node create(String name, String slug, String parentSlug) {
        schema.requireReady(); // only the unique slug index refuses a duplicate slug
        return tree.withLease(held -> {
            Node parent = null;
            if (parentSlug != null) {
                parent = store.findBySlug(parentSlug).orElseThrow(() -> CategoryProblems.unknownParent(parentSlug));
            }
            List<Crumb> ancestors = new ArrayList<>();
            if (parent != null) {
                ancestors.addAll(parent.ancestors());
                ancestors.add(new Crumb(parent.id(), parent.slug(), parent.name()));
            }
            Node node = new Node(new ObjectId(), slug, name, parent == null ? null : parent.id(), ancestors);
            try {
                store.insert(node);
            } catch (MongoException e) {
                if (CategoryStore.isDuplicateKey(e)) {
                    throw CategoryProblems.duplicateSlug(slug);
                }
                throw e;
            }
            return node;
        });
    }
}

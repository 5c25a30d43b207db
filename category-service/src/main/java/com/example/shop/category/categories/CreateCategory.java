package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.bson.types.ObjectId;

/**
 * Adds a category. Under the tree lock, so that the parent cannot be deleted, moved or renamed
 * meanwhile:
 * <ol>
 * <li>one read of the parent by slug (404 naming it when unknown);</li>
 * <li>one insert with {@code ancestors = parent.ancestors + parent} (the book's build_ancestors,
 * done before the insert so the document is never without ancestors); the unique slug index
 * refuses a duplicate (409) and nothing is written.</li>
 * </ol>
 */
@Singleton
public record CreateCategory(CategoryStore store, TreeLock lock, SchemaSetup schema) {

    public Node create(String name, String slug, String parentSlug) {
        schema.requireReady(); // only the unique slug index refuses a duplicate slug
        return lock.withLock(lease -> {
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

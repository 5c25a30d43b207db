package com.example.shop.category.categories;

import com.example.shop.category.CategoryProblems;
import com.example.shop.web.database.SchemaSetup;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;

/**
 * {@code PATCH /categories/{slug}}: rename, change slug and/or move, under one tree lease. Every
 * check that can refuse (unknown parent, cycle) runs before anything is written.
 */
@Singleton
public record UpdateCategory(CategoryStore store, TreeLease tree, RelabelCategory relabel, MoveCategory move,
        SchemaSetup schema) {

    /** The requested changes; {@code moveGiven} tells an absent {@code parent} from {@code null} (make it a root). */
    public record Changes(String name, String slug, boolean moveGiven, String parent) {
    }

    public Node update(String slug, Changes changes) {
        if (!changes.moveGiven()) {
            return tree.withLease(held -> relabel.relabel(held, store.requireBySlug(slug), changes.name(), changes.slug()));
        }
        schema.requireReady(); // a move finds its nodes by slug: only with the unique index is that one node
        return tree.withLease(held -> {
            // the node and the new parent in one query
            Map<String, Node> found = store.findBySlugs(changes.parent() == null ? List.of(slug) : List.of(slug, changes.parent()));
            Node node = found.get(slug);
            if (node == null) {
                throw CategoryProblems.unknownCategory(slug);
            }
            Node parent = null;
            if (changes.parent() != null) {
                parent = found.get(changes.parent());
                if (parent == null) {
                    throw CategoryProblems.unknownParent(changes.parent());
                }
            }
            move.check(node, parent);
            Node relabelled = relabel.relabel(held, node, changes.name(), changes.slug());
            return move.move(held, relabelled, parent);
        });
    }
}

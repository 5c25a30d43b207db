package com.example.shop.category.write;

import com.example.shop.category.tree.CategoryProblems;
import com.example.shop.category.tree.CategoryStore;
import com.example.shop.category.tree.Node;
import com.example.shop.category.tree.TreeLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;

/**
 * {@code PATCH /categories/{slug}}: rename and/or change slug and/or move. With a move, every
 * check that can refuse (unknown parent, cycle) runs under the lock before anything is written;
 * then the relabel (which can still refuse a duplicate slug, with nothing written), then the move.
 */
@ApplicationScoped
public class UpdateCategory {

    /** The requested changes; {@code moveGiven} tells an absent {@code parent} from {@code null} (make it a root). */
    public record Changes(String name, String slug, boolean moveGiven, String parent) {
    }

    @Inject
    CategoryStore store;

    @Inject
    TreeLock lock;

    @Inject
    RelabelCategory relabel;

    @Inject
    MoveCategory move;

    public Node update(String slug, Changes changes) {
        if (!changes.moveGiven()) {
            return relabel.relabel(store.requireBySlug(slug), changes.name(), changes.slug());
        }
        return lock.withLock(lease -> {
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
            Node relabelled = relabel.relabel(node, changes.name(), changes.slug());
            return move.move(lease, relabelled, parent);
        });
    }
}

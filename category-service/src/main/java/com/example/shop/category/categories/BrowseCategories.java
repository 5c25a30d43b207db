package com.example.shop.category.categories;

import com.example.shop.category.CategoryConfig;
import com.example.shop.category.CategoryProblems;
import com.example.shop.problems.Problems;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bson.types.ObjectId;

/**
 * The read side: every read is one indexed query (after the slug lookup where a slug names the
 * start). Breadcrumbs are the node's own ancestors array, the point of the schema
 * (docs/design.md#category-tree).
 */
@Singleton
public record BrowseCategories(CategoryStore store, CategoryConfig config) {

    public CategoryView get(String slug) {
        return CategoryView.of(store.requireBySlug(slug));
    }

    /** Roots, by slug. Cursor: the last slug of the previous page. */
    public CategoryPage roots(Integer limit, String cursor) {
        return bySlug(null, limit, cursor);
    }

    /** Direct children, by slug. Cursor: the last slug of the previous page. */
    public CategoryPage children(String slug, Integer limit, String cursor) {
        Node node = store.requireBySlug(slug);
        return bySlug(node.id(), limit, cursor);
    }

    /** All descendants (any depth), by id. Cursor: the last id of the previous page. */
    public CategoryPage descendants(String slug, Integer limit, String cursor) {
        Node node = store.requireBySlug(slug);
        int size = limit(limit);
        if (cursor != null && !ObjectId.isValid(cursor)) {
            throw Problems.invalidField("cursor", "Query parameter 'cursor' must be the 'next' value of the previous page");
        }
        List<Node> nodes = store.descendantsById(node.id(), cursor == null ? null : new ObjectId(cursor), size + 1);
        return page(nodes, size, n -> n.id().toHexString());
    }

    /** The subtree's ids in one indexed query: {@code {$or: [{_id: id}, {"ancestors._id": id}]}}. */
    public SubtreeIds subtreeIds(String slug) {
        Node node = store.requireBySlug(slug);
        List<String> ids = new ArrayList<>();
        ids.add(node.id().toHexString());
        for (ObjectId id : store.subtreeIds(node.id())) {
            if (!id.equals(node.id())) {
                ids.add(id.toHexString());
            }
        }
        return new SubtreeIds(node.slug(), ids);
    }

    /** The whole tree, nested by parent pointers, children by slug. */
    public CategoryTree tree() {
        int max = config.tree().maxNodes();
        List<Node> all = store.shapes(max + 1);
        if (all.size() > max) {
            throw CategoryProblems.treeTooLarge(max);
        }
        all.sort(Comparator.comparing(Node::slug));
        Map<ObjectId, List<Node>> byParent = new HashMap<>();
        for (Node n : all) {
            byParent.computeIfAbsent(n.parent(), k -> new ArrayList<>()).add(n);
        }
        List<TreeNode> roots = byParent.getOrDefault(null, List.of()).stream()
                .map(n -> nest(n, byParent, 0)).toList();
        return new CategoryTree(roots, all.size());
    }

    private TreeNode nest(Node node, Map<ObjectId, List<Node>> byParent, int depth) {
        List<TreeNode> children = depth > 1000 ? List.of() : byParent.getOrDefault(node.id(), List.of()).stream()
                .map(c -> nest(c, byParent, depth + 1)).toList();
        return new TreeNode(node.id().toHexString(), node.slug(), node.name(), children);
    }

    private CategoryPage bySlug(ObjectId parent, Integer limit, String cursor) {
        int size = limit(limit);
        return page(store.childrenBySlug(parent, cursor, size + 1), size, Node::slug);
    }

    private static CategoryPage page(List<Node> nodes, int size, Function<Node, String> cursorOf) {
        boolean more = nodes.size() > size;
        List<Node> items = more ? nodes.subList(0, size) : nodes;
        return new CategoryPage(items.stream().map(CategoryView::of).toList(),
                more ? cursorOf.apply(items.get(items.size() - 1)) : null);
    }

    private int limit(Integer limit) {
        if (limit == null) {
            return config.page().defaultLimit();
        }
        int max = config.page().maxLimit();
        if (limit < 1 || limit > max) {
            throw Problems.invalidField("limit", "Query parameter 'limit' must be between 1 and " + max);
        }
        return limit;
    }
}

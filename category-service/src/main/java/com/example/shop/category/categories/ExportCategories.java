package com.example.shop.category.categories;

import jakarta.inject.Singleton;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.types.ObjectId;

/**
 * {@code GET /admin/categories/export}: every category as an import line, parents before children
 * (breadth first, siblings by slug), so that importing it into an empty store gives the same tree
 * with the same ids, which products' {@code category_ids} hold. Read under the tree lease, so it is
 * one consistent tree while moves run. A category whose chain is broken comes last, naming its
 * parent's slug (or id), and an import rejects it.
 */
@Singleton
public record ExportCategories(CategoryStore store, TreeLease tree) {

    public Iterator<CategoryLine> lines() {
        List<Node> rows = tree.withLease(held -> store.allShapes());
        rows.sort(Comparator.comparing(Node::slug));
        Map<ObjectId, Node> byId = new HashMap<>();
        Map<ObjectId, List<Node>> children = new HashMap<>();
        Deque<Node> queue = new ArrayDeque<>();
        for (Node r : rows) {
            byId.put(r.id(), r);
            if (r.parent() == null) {
                queue.add(r);
            } else {
                children.computeIfAbsent(r.parent(), k -> new ArrayList<>()).add(r);
            }
        }
        List<CategoryLine> lines = new ArrayList<>(rows.size());
        Set<ObjectId> written = new HashSet<>();
        while (!queue.isEmpty()) {
            Node r = queue.poll();
            if (written.add(r.id())) {
                lines.add(line(r, byId));
                queue.addAll(children.getOrDefault(r.id(), List.of()));
            }
        }
        for (Node r : rows) {
            if (!written.contains(r.id())) {
                lines.add(line(r, byId));
            }
        }
        return lines.iterator();
    }

    private static CategoryLine line(Node r, Map<ObjectId, Node> byId) {
        String parent = null;
        if (r.parent() != null) {
            Node p = byId.get(r.parent());
            parent = p != null ? p.slug() : r.parent().toHexString();
        }
        return new CategoryLine(r.id().toHexString(), r.slug(), r.name(), parent);
    }
}
